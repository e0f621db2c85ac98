#!/bin/sh
# Installs the FALLING table assistant on a Raspberry Pi OS (Bookworm) system.
#
#   sudo ./install.sh --binary ./falling            # on the Pi itself
#   ./install.sh --binary ./falling --root /mnt/sd  # onto a mounted SD card
#
# Running it again changes nothing unless a file it installs has changed, so
# it is also the way to upgrade. See README.md beside it for the details.
set -eu

usage() {
	cat <<'EOF'
usage: install.sh --binary PATH [options]

  --binary PATH   the falling binary built for this Pi (required)
  --root DIR      install under DIR instead of / (an SD card, a test folder)
  --dtbo PATH     a compiled falling-buttons.dtbo; default: compile the .dts
                  beside this script with dtc (package device-tree-compiler)
  --board PATH    the example board config copied to /etc/falling/table.yaml
                  when there is none; default: board-reference.yaml beside
                  this script
  --no-users      do not create the falling user or touch groups (always the
                  case when --root is not /: the plan is printed instead)
  --not-a-pi      install even though DIR/boot/firmware does not look like a
                  Raspberry Pi OS boot partition
  --dry-run       say what would be done, change nothing
  -h, --help      this text
EOF
}

die() {
	printf 'install.sh: %s\n' "$*" >&2
	exit 2
}

here=$(cd "$(dirname "$0")" && pwd)
root=/
binary=
dtbo=
board=$here/board-reference.yaml
users=yes
check_pi=yes
dry=no

while [ $# -gt 0 ]; do
	case $1 in
	--binary) [ $# -ge 2 ] || die "--binary needs a path"; binary=$2; shift 2 ;;
	--root) [ $# -ge 2 ] || die "--root needs a folder"; root=$2; shift 2 ;;
	--dtbo) [ $# -ge 2 ] || die "--dtbo needs a path"; dtbo=$2; shift 2 ;;
	--board) [ $# -ge 2 ] || die "--board needs a path"; board=$2; shift 2 ;;
	--no-users) users=no; shift ;;
	--not-a-pi) check_pi=no; shift ;;
	--dry-run) dry=yes; shift ;;
	-h | --help) usage; exit 0 ;;
	*) usage >&2; die "unknown option: $1" ;;
	esac
done

# Normalised so that "/" and "//" both mean the live system and so that
# target paths never start with a double slash.
root=$(cd "$root" 2>/dev/null && pwd) || die "--root $root: no such folder"
if [ "$root" = / ]; then
	prefix=
else
	prefix=$root
fi

# Root is checked first so that a non-root run is told the one thing that
# matters rather than a list of later problems. Both the real and the
# effective id are checked: a set-uid wrapper is not an administrator. A
# folder other than / (an SD card, a test) only needs write access to it.
if [ "$root" = / ] && { [ "$(id -u)" -ne 0 ] || [ "$(id -ru)" -ne 0 ]; }; then
	die "installing into / needs root: run it as  sudo $0 ..."
fi

[ -n "$binary" ] || die "no binary given: pass --binary PATH (build it with: make pi)"
[ -f "$binary" ] || die "binary $binary: no such file (build it with: make pi)"
[ -f "$board" ] || die "board config $board: no such file"
if [ -n "$dtbo" ] && [ ! -f "$dtbo" ]; then
	die "overlay $dtbo: no such file"
fi

boot=$prefix/boot/firmware
# Bookworm mounts the FAT boot partition at /boot/firmware; an older release
# (/boot) or a non-Pi machine would get lines its bootloader never reads.
if [ "$check_pi" = yes ]; then
	if [ ! -f "$boot/config.txt" ] || [ ! -d "$boot/overlays" ] || [ ! -f "$boot/cmdline.txt" ]; then
		die "$boot does not look like a Raspberry Pi OS (Bookworm) boot partition (config.txt, cmdline.txt and overlays/ expected); pass --not-a-pi to install anyway"
	fi
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT HUP INT TERM

say() {
	printf '%s\n' "$*"
}

# install_file SRC DST MODE: copies only when the content differs, through a
# temporary name so that a power cut never leaves half a file behind.
install_file() {
	if [ -f "$2" ] && cmp -s "$1" "$2"; then
		say "unchanged: $2"
		return 0
	fi
	if [ "$dry" = yes ]; then
		say "would install $2"
		return 0
	fi
	mkdir -p "$(dirname "$2")"
	cp "$1" "$2.falling-new"
	chmod "$3" "$2.falling-new"
	mv -f "$2.falling-new" "$2"
	say "installed $2"
	changed=yes
}

# 1. The binary.
changed=no
install_file "$binary" "$prefix/usr/local/bin/falling" 0755
bin_changed=$changed

# 2. The overlay.
if [ -z "$dtbo" ]; then
	command -v dtc >/dev/null 2>&1 ||
		die "dtc not found: install it (apt-get install device-tree-compiler) or pass --dtbo"
	dtbo=$tmp/falling-buttons.dtbo
	# -@ keeps the symbols the firmware needs to resolve &gpio. The
	# gpios_property check misreads the fixup named "gpio" as a GPIO
	# specifier, so it is silenced rather than shown as a false alarm.
	dtc -q -W no-gpios_property -@ -I dts -O dtb -o "$dtbo" "$here/falling-buttons.dts" ||
		die "dtc could not compile $here/falling-buttons.dts"
fi
changed=no
install_file "$dtbo" "$boot/overlays/falling-buttons.dtbo" 0644
overlay_changed=$changed

# 3. config.txt: our lines live between two markers, so a newer install
# replaces its own block and never touches the rest of the file.
begin='# >>> falling: begin (written by falling install.sh; edits here are replaced)'
end='# <<< falling: end'
config=$boot/config.txt
{
	say "$begin"
	cat "$here/config.txt"
	say "$end"
} >"$tmp/block"
if [ -f "$config" ]; then
	# Everything outside an old block, then the current block at the end.
	awk -v b="$begin" -v e="$end" '
		$0 == b { skip = 1; next }
		skip && $0 == e { skip = 0; next }
		!skip { print }
	' "$config" >"$tmp/rest"
	# Keeps the user's text as it was, only adding the newline a file
	# saved without one would need before our first marker.
	if [ -s "$tmp/rest" ] && [ "$(tail -c 1 "$tmp/rest" | od -An -c | tr -d ' ')" != '\n' ]; then
		echo >>"$tmp/rest"
	fi
else
	: >"$tmp/rest"
fi
cat "$tmp/rest" "$tmp/block" >"$tmp/config.txt"
if [ -f "$config" ] && cmp -s "$tmp/config.txt" "$config"; then
	say "unchanged: $config"
	config_changed=no
elif [ "$dry" = yes ]; then
	say "would write the falling block (I2C at 100 kHz, 400 on a Pi 5; SPI; dtoverlay=falling-buttons) into $config"
	config_changed=yes
else
	mkdir -p "$boot"
	# The backup is the user's file as it was before falling ever touched
	# it: made once, never overwritten, so after any number of upgrades it
	# still undoes them all. (Copying on every change would leave only the
	# previous falling version's file.)
	backup=$config.before-falling
	if [ -f "$backup" ]; then
		kept="the file from before falling's first install is kept as $backup"
	elif [ -f "$config" ]; then
		cp "$config" "$backup.falling-new"
		mv -f "$backup.falling-new" "$backup"
		kept="the old file is kept as $backup"
	else
		kept="there was no file before"
	fi
	cp "$tmp/config.txt" "$config.falling-new"
	mv -f "$config.falling-new" "$config"
	say "wrote the falling block into $config ($kept)"
	config_changed=yes
fi

# 3b. Kernel modules. dtparam=i2c_arm=on only starts the I2C controller;
# /dev/i2c-1 comes from the layered i2c-dev module, which nothing loads on
# its own (raspi-config adds it to /etc/modules; the Pi's docs say to load
# it explicitly). spidev is listed too: the overlay normally brings it in,
# but a listed module costs nothing and rules out a missing /dev/spidev0.0.
modules=$prefix/etc/modules-load.d/falling.conf
{
	say "# Written by falling install.sh: /dev/i2c-1 (card reader) and /dev/spidev0.0 (light strip)."
	say "i2c-dev"
	say "spidev"
} >"$tmp/modules.conf"
changed=no
install_file "$tmp/modules.conf" "$modules" 0644
modules_changed=$changed
if [ "$root" = / ] && [ "$dry" = no ]; then
	# Loaded now as well, so the doctor finds /dev/i2c-1 once the I2C
	# controller is up, without waiting for a reboot for this part.
	for m in i2c-dev spidev; do
		if [ -d "/sys/module/$(echo "$m" | tr - _)" ]; then
			say "unchanged: module $m is loaded"
		elif modprobe "$m" 2>/dev/null; then
			say "loaded module $m"
		else
			say "could not load module $m now; it loads at boot from $modules"
		fi
	done
elif [ "$root" != / ]; then
	say "modules i2c-dev and spidev load when the Pi boots (from $modules)"
fi

# 4. The user. Only on the live system: in another root, useradd would edit
# this machine's /etc/passwd, not the card's.
groups='gpio i2c spi audio'
if [ "$root" != / ] || [ "$users" = no ]; then
	say "not creating users here; falling.service cannot start until these run on the Pi:"
	say "  useradd --system --user-group --home-dir /var/lib/falling --no-create-home --shell /usr/sbin/nologin falling"
	say "  usermod --append --groups $(echo "$groups" | tr ' ' ',') falling"
else
	if id falling >/dev/null 2>&1; then
		say "unchanged: user falling exists"
	elif [ "$dry" = yes ]; then
		say "would create the system user falling"
	else
		useradd --system --user-group --home-dir /var/lib/falling \
			--no-create-home --shell /usr/sbin/nologin falling
		say "created the system user falling"
	fi
	for g in $groups; do
		if ! getent group "$g" >/dev/null 2>&1; then
			# Raspberry Pi OS ships these groups and the udev rules
			# that give them the devices; a group made here has no
			# such rules, so this is said loudly.
			if [ "$dry" = yes ]; then
				say "would create group $g (missing: is this Raspberry Pi OS?)"
				continue
			fi
			groupadd --system "$g"
			say "created group $g: it was missing, so /dev may not be owned by it (is this Raspberry Pi OS?)"
		fi
		if id -nG falling 2>/dev/null | tr ' ' '\n' | grep -qx "$g"; then
			say "unchanged: falling is in group $g"
		elif [ "$dry" = yes ]; then
			say "would add falling to group $g"
		else
			usermod --append --groups "$g" falling
			say "added falling to group $g"
		fi
	done
fi

# 5. The systemd unit, enabled the way systemctl enable does it: a link in
# multi-user.target.wants, which also works on a card mounted elsewhere.
units=$prefix/etc/systemd/system
changed=no
install_file "$here/falling.service" "$units/falling.service" 0644
unit_changed=$changed
link=$units/multi-user.target.wants/falling.service
if [ -L "$link" ] && [ "$(readlink "$link")" = /etc/systemd/system/falling.service ]; then
	say "unchanged: falling.service is enabled"
elif [ "$dry" = yes ]; then
	say "would enable falling.service (start at boot)"
else
	mkdir -p "$(dirname "$link")"
	ln -sfn /etc/systemd/system/falling.service "$link"
	say "enabled falling.service (start at boot)"
fi
if [ "$root" = / ] && [ "$unit_changed" = yes ] && [ "$dry" = no ] && command -v systemctl >/dev/null 2>&1; then
	systemctl daemon-reload
	say "reloaded systemd"
fi

# 6. The board config: the user's own file always wins over the example.
table=$prefix/etc/falling/table.yaml
if [ -f "$table" ]; then
	say "unchanged: $table exists and is kept as it is"
elif [ "$dry" = yes ]; then
	say "would copy the example board config to $table"
else
	mkdir -p "$(dirname "$table")"
	cp "$board" "$table.falling-new"
	chmod 0644 "$table.falling-new"
	mv -f "$table.falling-new" "$table"
	say "copied the example board config to $table: edit it to match your wiring"
fi

if [ "$dry" = yes ]; then
	say "dry run: nothing was changed"
elif [ "$config_changed" = yes ] || [ "$overlay_changed" = yes ] || [ "$modules_changed" = yes ]; then
	say "done: reboot so the I2C, SPI and button settings take effect"
elif [ "$bin_changed" = yes ] || [ "$unit_changed" = yes ]; then
	say "done: restart the service with  systemctl restart falling"
else
	say "done: everything was already in place"
fi
