// Package vmtest holds no Go code: it is the harness that runs the
// vmtest-tagged tests of hw/buttons and hw/pi inside a real Linux kernel,
// where the seat buttons' edges, stamps and sequence numbers come from the
// kernel's own GPIO character device and the reader's bus is a real
// /dev/i2c-N.
//
// Debian's kernels build neither gpio-sim nor gpio-mockup, so the harness
// (make vmtest, or hw/vmtest/run.sh):
//
//   - deps.sh installs what it needs from apt: qemu-system-x86,
//     busybox-static, linux-source-6.1, the matching linux-headers, cpio,
//     kmod and a compiler;
//   - build.sh unpacks Debian's linux-image-6.1.0-*-amd64 with dpkg-deb -x
//     (never installing it), takes its vmlinuz and the configfs, i2c-stub
//     and i2c-dev modules, builds drivers/gpio/gpio-sim.c together with
//     kernel/irq/irq_sim.c as one out-of-tree module (irq_to_desc is not
//     exported, so irq_sim's handle_simple_irq(irq_to_desc(n)) becomes
//     generic_handle_irq(n)), and caches all of it with a busybox initramfs
//     under ${XDG_CACHE_HOME:-$HOME/.cache}/falling-vmtest/<kernel release>/;
//   - run.sh compiles the tests statically (CGO_ENABLED=0 go test -c -tags
//     vmtest), appends them and init to the cached initramfs, boots
//     qemu-system-x86_64 -machine q35 -accel tcg -smp 1 -m 512, and reads
//     the results back from the serial console;
//   - init, PID 1 in the VM, loads the modules, creates a 28-line gpio-sim
//     bank labelled "falling-vmtest" through configfs, loads i2c-stub at the
//     PN532's address 0x24, runs the tests and powers off.
//
// A press in the VM is a write of "pull-down" to the line's sysfs pull
// attribute (a button to ground), a release "pull-up".
package vmtest
