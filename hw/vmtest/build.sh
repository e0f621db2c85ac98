#!/usr/bin/env bash
# Builds what the VM boots, once per kernel release, into
#   ${XDG_CACHE_HOME:-$HOME/.cache}/falling-vmtest/<release>/
#     vmlinuz          Debian's kernel, unpacked from its package, never installed
#     modules/*.ko     configfs, i2c-stub, i2c-dev and their deps, and gpio-sim
#     modules/order    the order /init loads them in
#     base.cpio.gz     busybox and the modules: the part of the initramfs
#                      that does not change between test runs
#     stamp            what it was built from; a different stamp rebuilds
#
# Debian builds neither gpio-sim nor gpio-mockup, so gpio-sim.c and the
# irq_sim.c it needs (IRQ_SIM is off too) are built as ONE out-of-tree module
# from linux-source-6.1 against the matching headers. The one change:
# irq_to_desc is not exported to modules, so irq_sim's
# handle_simple_irq(irq_to_desc(n)) becomes generic_handle_irq(n), which
# looks the descriptor up and calls the same handler.
#
# Usage: build.sh <release>   (deps.sh prints the release)
# Prints the cache directory.
set -euo pipefail

rel="${1:?usage: build.sh <kernel release, e.g. 6.1.0-56-amd64>}"
here="$(cd "$(dirname "$0")" && pwd)"
cache="${XDG_CACHE_HOME:-$HOME/.cache}/falling-vmtest/$rel"
headers="/usr/src/linux-headers-$rel"
source_tar=/usr/src/linux-source-6.1.tar.xz
busybox=/bin/busybox

for f in "$headers/Makefile" "$source_tar" "$busybox"; do
  [ -e "$f" ] || { echo "vmtest: $f is missing; run hw/vmtest/deps.sh" >&2; exit 1; }
done
file_of() { dpkg-query -W -f='${Version}' "$1" 2>/dev/null || echo none; }
stamp="release=$rel
headers=$(file_of "linux-headers-$rel")
source=$(file_of linux-source-6.1)
busybox=$(file_of busybox-static)
build.sh=$(sha256sum "$here/build.sh" | cut -d' ' -f1)"

if [ -f "$cache/stamp" ] && [ "$(cat "$cache/stamp")" = "$stamp" ]; then
  echo "$cache"
  exit 0
fi

t0=$(date +%s.%N)
lap() { # prints how long the step took, for the README's figures
  local t1; t1=$(date +%s.%N)
  printf 'vmtest: %-28s %5.1f s\n' "$1" "$(echo "$t1 - $t0" | bc 2>/dev/null || awk "BEGIN{print $t1-$t0}")" >&2
  t0=$t1
}

rm -rf "$cache"
mkdir -p "$cache/modules"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# The kernel image: downloaded through apt and unpacked, never installed.
# As root, apt would hand the download to its _apt user, who cannot write
# into this private directory.
sandbox=()
[ "$(id -u)" = 0 ] && sandbox=(-o APT::Sandbox::User=root)
if ! (cd "$work" && apt-get download -qq "${sandbox[@]}" "linux-image-$rel" >&2); then
  echo "vmtest: cannot download linux-image-$rel; if the mirror has moved on to a newer kernel, run hw/vmtest/deps.sh to install its headers" >&2
  exit 1
fi
dpkg-deb -x "$work"/linux-image-"$rel"_*.deb "$work/image"
cp "$work/image/boot/vmlinuz-$rel" "$cache/vmlinuz"
lap "kernel package"

# The modules the tests need, with their dependencies first, as modules.dep
# lists them (paths relative to the release's module directory).
# The package ships no modules.dep (depmod writes it when the package is
# installed), so it is made here, inside the unpacked tree.
moddir="$work/image/lib/modules/$rel"
depmod -b "$work/image" "$rel"
: > "$cache/modules/order"
add_module() { # $1: module path relative to $moddir
  local rel_path="$1" dep
  grep -qx "$(basename "$rel_path")" "$cache/modules/order" && return 0
  # shellcheck disable=SC2013 # modules.dep lists dependencies by word
  for dep in $(sed -n "s|^$rel_path: *||p" "$moddir/modules.dep"); do
    add_module "$dep"
  done
  case "$rel_path" in
    *.ko) cp "$moddir/$rel_path" "$cache/modules/" ;;
    *.ko.xz) xz -dc "$moddir/$rel_path" > "$cache/modules/$(basename "$rel_path" .xz)" ;;
    *) echo "vmtest: cannot load $rel_path" >&2; exit 1 ;;
  esac
  basename "${rel_path%.xz}" >> "$cache/modules/order"
}
for m in configfs i2c-stub i2c-dev; do
  p=$(grep -E "(^|/)$m\.ko(\.xz)?:" "$moddir/modules.dep" | cut -d: -f1 | head -n1)
  if [ -z "$p" ]; then
    # Built in: nothing to load.
    grep -qE "/$m\.ko" "$moddir/modules.builtin" || { echo "vmtest: $m is neither a module nor built in" >&2; exit 1; }
    continue
  fi
  add_module "$p"
done
rm -rf "$work/image"
lap "modules picked"

# gpio-sim, with irq_sim linked in.
src="$work/src"
mkdir -p "$src"
tar -xJf "$source_tar" -C "$work" \
  linux-source-6.1/drivers/gpio/gpio-sim.c \
  linux-source-6.1/drivers/gpio/gpiolib.h \
  linux-source-6.1/kernel/irq/irq_sim.c
# A module cannot be named after one of its own objects: gpio-sim.ko is
# gpio-sim-main.o + irq_sim.o.
cp "$work/linux-source-6.1/drivers/gpio/gpio-sim.c" "$src/gpio-sim-main.c"
cp "$work/linux-source-6.1/drivers/gpio/gpiolib.h" "$src/"
sed 's/handle_simple_irq(irq_to_desc(\([a-z_]*\)))/generic_handle_irq(\1)/' \
  "$work/linux-source-6.1/kernel/irq/irq_sim.c" > "$src/irq_sim.c"
if ! grep -q 'generic_handle_irq(' "$src/irq_sim.c" || grep -q irq_to_desc "$src/irq_sim.c"; then
  echo "vmtest: irq_sim.c no longer calls handle_simple_irq(irq_to_desc(n)); update the patch in build.sh" >&2
  exit 1
fi
cat > "$src/Kbuild" <<'KBUILD'
obj-m := gpio-sim.o
gpio-sim-y := gpio-sim-main.o irq_sim.o
KBUILD
lap "sources unpacked"
make -s -C "$headers" M="$src" -j"$(nproc)" modules >&2
cp "$src/gpio-sim.ko" "$cache/modules/"
echo gpio-sim.ko >> "$cache/modules/order"
lap "gpio-sim module built"

# The fixed part of the initramfs; run.sh appends /init and the tests.
root="$work/root"
mkdir -p "$root"/{bin,dev,proc,sys,tmp,lib/modules}
cp "$busybox" "$root/bin/busybox"
ln -s busybox "$root/bin/sh"
cp "$cache"/modules/*.ko "$cache/modules/order" "$root/lib/modules/"
(cd "$root" && find . | LC_ALL=C sort | cpio -o -H newc --quiet | gzip -1) > "$cache/base.cpio.gz"
lap "base initramfs"

echo "$stamp" > "$cache/stamp"
echo "$cache"
