// Package firmware holds what goes on the Raspberry Pi's SD card beside the
// falling binary: the config.txt lines, the seat buttons' device-tree overlay,
// the systemd unit and the install script. It has no Go code of its own; its
// tests exist so the overlay, the boot config, the unit and the installer
// cannot drift away from board-reference.yaml or from each other.
package firmware
