#!/usr/bin/env bash
# Installs what the VM harness needs on Debian 12 (bookworm) and prints the
# kernel release it will boot. Run as root, or with sudo on the PATH.
#
#   qemu-system-x86                      the machine the tests boot in (TCG, no KVM needed)
#   busybox-static                       the initramfs's shell, mount and insmod
#   cpio                                 packs the initramfs
#   linux-source-6.1                     drivers/gpio/gpio-sim.c and kernel/irq/irq_sim.c
#   linux-headers-<release>              builds them as a module for that exact kernel
#   make, gcc, xz-utils                  the module build and the source tarball
#   kmod                                 depmod: the unpacked kernel package has no modules.dep
#
# The kernel image itself is only downloaded (apt-get download) and
# unpacked with dpkg-deb -x by build.sh: installing it would touch /boot.
#
# FALLING_VMTEST_KERNEL=6.1.0-NN-amd64 pins a release; by default it is the
# one linux-headers-amd64 points at.
set -euo pipefail

sudo_=""
[ "$(id -u)" = 0 ] || sudo_="sudo"

release() {
  if [ -n "${FALLING_VMTEST_KERNEL:-}" ]; then echo "$FALLING_VMTEST_KERNEL"; return; fi
  apt-cache depends linux-headers-amd64 2>/dev/null |
    sed -n 's/^ *Depends: linux-headers-\(6\.1\.[0-9]*-[0-9]*-amd64\)$/\1/p' | head -n1
}
missing() {
  local p
  for p in qemu-system-x86 busybox-static cpio linux-source-6.1 "linux-headers-$1" make gcc xz-utils kmod; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || echo "$p"
  done
}

rel=$(release)
need=$(missing "$rel")
if [ -n "$need" ]; then
  # The index may be stale or absent (a fresh container): refresh it, then
  # ask again which kernel is current. A mirror mid-sync can fail one
  # index; the packages may still be there.
  $sudo_ apt-get update -qq >&2 || echo "vmtest: apt-get update reported a problem; trying anyway" >&2
  rel=$(release)
fi
case "$rel" in
  6.1.*-amd64) ;;
  *) echo "vmtest: cannot tell which 6.1 kernel to use (got '$rel'); set FALLING_VMTEST_KERNEL" >&2; exit 1 ;;
esac
need=$(missing "$rel")
if [ -n "$need" ]; then
  echo "vmtest: installing $(echo "$need" | tr '\n' ' ')" >&2
  # shellcheck disable=SC2086 # one package a word
  DEBIAN_FRONTEND=noninteractive $sudo_ apt-get install -y -qq --no-install-recommends $need >&2
fi
echo "$rel"
