#!/usr/bin/env bash
# Runs the vmtest-tagged tests of hw/buttons and hw/pi inside a real Linux
# kernel (Debian's 6.1, under QEMU's TCG: no KVM needed) with gpio-sim and
# i2c-stub, and fails unless every test binary passed.
#
#   hw/vmtest/run.sh            build what is missing (cached), then boot
#   FALLING_VMTEST_KERNEL=...   pins the kernel release (default: the
#                               installed 6.1 headers, else linux-headers-amd64's)
#   FALLING_VMTEST_TIMEOUT=...  seconds before the VM is killed (default 600)
#
# What is built once per kernel release is cached by build.sh; what changes
# with the code (the test binaries, /init) is packed on every run.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
pkgs=(./hw/buttons ./hw/pi)

t0=$(date +%s.%N)
lap() {
  local t1; t1=$(date +%s.%N)
  printf 'vmtest: %-28s %5.1f s\n' "$1" "$(awk "BEGIN{print $t1-$t0}")" >&2
  t0=$t1
}

rel="${FALLING_VMTEST_KERNEL:-}"
if [ -z "$rel" ]; then
  rel=$(find /usr/src -maxdepth 1 -name 'linux-headers-6.1.*-amd64' -printf '%f\n' 2>/dev/null |
    sed 's/^linux-headers-//' | sort -V | tail -n1)
fi
missing=""
command -v qemu-system-x86_64 >/dev/null || missing="qemu-system-x86_64"
for f in /usr/src/linux-source-6.1.tar.xz /bin/busybox "/usr/src/linux-headers-$rel/Makefile"; do
  [ -e "$f" ] || missing="$missing $f"
done
command -v cpio >/dev/null || missing="$missing cpio"
command -v depmod >/dev/null || missing="$missing depmod"
if [ -z "$rel" ] || [ -n "$missing" ]; then
  echo "vmtest: missing${missing:- kernel headers}; installing with hw/vmtest/deps.sh" >&2
  rel=$("$here/deps.sh")
  lap "apt packages"
fi

cache=$("$here/build.sh" "$rel")
lap "kernel and modules"

run="$(mktemp -d)"
trap 'rm -rf "$run"' EXIT
mkdir -p "$run/root/tests"
# mktemp made it 0700; as the archive's "." it becomes the VM's /, which
# the tests that drop to nobody must be able to enter.
chmod 0755 "$run/root"
for p in "${pkgs[@]}"; do
  (cd "$repo" && CGO_ENABLED=0 "${GO:-go}" test -c -tags vmtest -o "$run/root/tests/$(basename "$p").test" "$p")
done
lap "test binaries"

# The kernel unpacks concatenated archives in order, so the cached base
# (busybox, modules) and this run's /init and tests make one initramfs.
cp "$here/init" "$run/root/init"
(cd "$run/root" && find . | LC_ALL=C sort | cpio -o -H newc --quiet | gzip -1) > "$run/tests.cpio.gz"
cat "$cache/base.cpio.gz" "$run/tests.cpio.gz" > "$run/initrd"
lap "initramfs"

log="$run/console.log"
status=0
timeout "${FALLING_VMTEST_TIMEOUT:-600}" qemu-system-x86_64 \
  -machine q35 -accel tcg -smp 1 -m 512 -nographic -no-reboot \
  -kernel "$cache/vmlinuz" -initrd "$run/initrd" \
  -append "console=ttyS0 panic=-1 quiet loglevel=4" </dev/null |
  sed -u 's/\x1b\[[0-9;?]*[a-zA-Z]//g; s/\x1bc//g; s/\r//g' | tee "$log" || status=$?
# (sed drops the firmware's terminal escapes and the serial line's CRs.)
lap "boot and tests"

if [ "$status" != 0 ]; then
  echo "vmtest: qemu exited with status $status" >&2
  exit 1
fi
if ! grep -q '^vmtest: done' "$log"; then
  echo "vmtest: the VM stopped before its tests finished" >&2
  exit 1
fi
results=$(grep -c '^vmtest: result ' "$log" || true)
failed=$(grep '^vmtest: result ' "$log" | awk '$4 != 0 {print $3}')
if [ "$results" != "${#pkgs[@]}" ] || [ -n "$failed" ]; then
  echo "vmtest: FAIL (${failed:-$results of ${#pkgs[@]} test binaries reported})" >&2
  exit 1
fi
echo "vmtest: ok ($rel)" >&2
