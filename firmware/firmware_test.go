package firmware

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"
)

// The markers install.sh writes around its config.txt block.
const (
	beginMarker = "# >>> falling: begin (written by falling install.sh; edits here are replaced)"
	endMarker   = "# <<< falling: end"
)

// board is the part of board-reference.yaml the firmware files depend on.
type board struct {
	Lines int `yaml:"lines"`
	Seats []struct {
		Seat   int `yaml:"seat"`
		Button int `yaml:"button"`
	} `yaml:"seats"`
	Panel struct {
		Pause   int `yaml:"pause"`
		Dispute int `yaml:"dispute"`
	} `yaml:"panel"`
	Reader struct {
		Bus string `yaml:"bus"`
		IRQ int    `yaml:"irq"`
	} `yaml:"reader"`
	Strip struct {
		SPI string `yaml:"spi"`
	} `yaml:"strip"`
}

func readBoard(t *testing.T) board {
	t.Helper()
	raw, err := os.ReadFile("board-reference.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var b board
	if err := yaml.Unmarshal(raw, &b); err != nil {
		t.Fatalf("board-reference.yaml: %v", err)
	}
	if len(b.Seats) == 0 || b.Panel.Pause == 0 || b.Panel.Dispute == 0 || b.Reader.IRQ == 0 {
		t.Fatalf("board-reference.yaml lost a field these tests rely on: %+v", b)
	}
	return b
}

// pulledUp lists every line the overlay must make an input with a pull-up:
// the seat buttons, the panel's two buttons and the PN532's IRQ, all of
// which are only ever pulled low by what is wired to them.
func (b board) pulledUp() []int {
	var pins []int
	for _, s := range b.Seats {
		pins = append(pins, s.Button)
	}
	pins = append(pins, b.Panel.Pause, b.Panel.Dispute, b.Reader.IRQ)
	slices.Sort(pins)
	return pins
}

func needTool(t *testing.T, name, pkg string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		t.Skipf("%s not found: install the Debian package %s to run this test (CI does)", name, pkg)
	}
	return p
}

// run runs a command with a deadline so a hung tool fails the test instead
// of stalling the whole package.
func run(t *testing.T, name string, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err = cmd.Run()
	return o.String(), e.String(), err
}

// dtcFlags are the ones install.sh uses: the gpios_property check mistakes
// the fixup named "gpio" for a GPIO specifier.
var dtcFlags = []string{"-W", "no-gpios_property"}

// compileOverlay builds the overlay the way install.sh does and fails on any
// warning, so a slip in the source shows here and not at boot.
func compileOverlay(t *testing.T) string {
	t.Helper()
	dtc := needTool(t, "dtc", "device-tree-compiler")
	out := filepath.Join(t.TempDir(), "falling-buttons.dtbo")
	args := append(slices.Clone(dtcFlags), "-@", "-I", "dts", "-O", "dtb", "-o", out, "falling-buttons.dts")
	_, stderr, err := run(t, dtc, args...)
	if err != nil || stderr != "" {
		t.Fatalf("dtc: %v\n%s", err, stderr)
	}
	return out
}

var cellsRe = regexp.MustCompile(`^\s*([\w,#-]+)\s*=\s*<([^>]*)>;`)

// decompile turns a .dtbo back into source and returns the cell properties
// of the node called name, plus the whole text for the other checks.
func decompile(t *testing.T, dtbo, name string) (map[string][]int, string) {
	t.Helper()
	stdout, stderr, err := run(t, "dtc", append(slices.Clone(dtcFlags), "-I", "dtb", "-O", "dts", dtbo)...)
	if err != nil || stderr != "" {
		t.Fatalf("dtc -I dtb: %v\n%s", err, stderr)
	}
	props := map[string][]int{}
	depth, in := 0, -1
	sc := bufio.NewScanner(strings.NewReader(stdout))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if strings.HasSuffix(line, "{") {
			depth++
			if strings.TrimSpace(strings.TrimSuffix(line, "{")) == name {
				in = depth
			}
			continue
		}
		if strings.HasPrefix(line, "}") {
			if depth == in {
				in = -1
			}
			depth--
			continue
		}
		if in < 0 || depth != in {
			continue
		}
		m := cellsRe.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		var cells []int
		for _, f := range strings.Fields(m[2]) {
			v, err := strconv.ParseUint(f, 0, 32)
			if err != nil {
				t.Fatalf("node %s: property %s: cell %q: %v", name, m[1], f, err)
			}
			cells = append(cells, int(v))
		}
		props[m[1]] = cells
	}
	if len(props) == 0 {
		t.Fatalf("no node %q with cell properties in the compiled overlay:\n%s", name, stdout)
	}
	return props, stdout
}

func repeat(v, n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = v
	}
	return s
}

// TestOverlayMatchesBoard compiles the overlay and reads the result back, so
// what is checked is what the firmware will load, against the board file the
// program reads: the two cannot drift apart unnoticed.
func TestOverlayMatchesBoard(t *testing.T) {
	want := readBoard(t).pulledUp()
	props, text := decompile(t, compileOverlay(t), "falling_pins")

	pins := slices.Clone(props["brcm,pins"])
	slices.Sort(pins)
	if !slices.Equal(pins, want) {
		t.Errorf("brcm,pins = %v (sorted), board-reference.yaml's buttons and IRQ = %v", pins, want)
	}
	n := len(props["brcm,pins"])
	for _, tc := range []struct {
		prop string
		want []int
		why  string
	}{
		{"brcm,function", repeat(0, n), "every line an input (0)"},
		{"brcm,pull", repeat(2, n), "every line pulled up (2)"},
	} {
		if got := props[tc.prop]; !slices.Equal(got, tc.want) {
			t.Errorf("%s = %v, want %v: %s, one cell per pin", tc.prop, got, tc.want, tc.why)
		}
	}

	for _, tc := range []struct {
		fragment, why string
	}{
		{`gpio = "/fragment@0:target:0";`, "the fragment must target &gpio (RP1's pin controller on a Pi 5)"},
		{`pinctrl-0 = <0x01>;`, "the pin group must be claimed, or the kernel never applies it"},
		{`pinctrl-names = "default";`, "the claim must be the default state to be applied at probe"},
		{`"brcm,bcm2835`, "the firmware loads overlays whose compatible names the board's SoC family"},
		{`__symbols__`, "dtc -@ must keep the symbols"},
	} {
		if !strings.Contains(text, tc.fragment) {
			t.Errorf("compiled overlay lacks %s: %s", tc.fragment, tc.why)
		}
	}
}

// TestBoardKeepsOffTheBuses guards the other direction: a line the overlay
// pulls up must not be one that I2C1 or SPI0 needs as its bus.
func TestBoardKeepsOffTheBuses(t *testing.T) {
	b := readBoard(t)
	taken := map[int]string{2: "I2C1 SDA", 3: "I2C1 SCL", 7: "SPI0 CE1", 8: "SPI0 CE0", 9: "SPI0 MISO", 10: "SPI0 MOSI", 11: "SPI0 SCLK"}
	seen := map[int]bool{}
	for _, p := range b.pulledUp() {
		if bus, ok := taken[p]; ok {
			t.Errorf("BCM %d is pulled up by the overlay but is %s", p, bus)
		}
		if p < 0 || p >= b.Lines {
			t.Errorf("BCM %d is not one of the header's %d lines", p, b.Lines)
		}
		if seen[p] {
			t.Errorf("BCM %d is used twice", p)
		}
		seen[p] = true
	}
	if b.Reader.Bus != "/dev/i2c-1" || b.Strip.SPI != "/dev/spidev0.0" {
		t.Errorf("reader %s, strip %s: config.txt enables i2c_arm (bus 1) and spi (SPI0); update both together",
			b.Reader.Bus, b.Strip.SPI)
	}
}

// configLines returns config.txt's settings in order, without comments.
func configLines(t *testing.T) []string {
	t.Helper()
	raw, err := os.ReadFile("config.txt")
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, l := range strings.Split(string(raw), "\n") {
		l = strings.TrimSpace(l)
		if l != "" && !strings.HasPrefix(l, "#") {
			lines = append(lines, l)
		}
	}
	return lines
}

// setting is one config.txt line with the model filter it sits under.
type setting struct {
	section string // "all", "pi5", ...
	line    string
}

// configSettings returns config.txt's settings in order, each with the
// [filter] in force where it is written.
func configSettings(t *testing.T) []setting {
	t.Helper()
	var out []setting
	section := "all"
	for _, l := range configLines(t) {
		if strings.HasPrefix(l, "[") && strings.HasSuffix(l, "]") {
			section = l[1 : len(l)-1]
			continue
		}
		out = append(out, setting{section, l})
	}
	return out
}

// effective is what a model's firmware ends up with for key: the last
// line for it under [all] or under one of the model's own filters.
func effective(settings []setting, key string, filters ...string) (string, bool) {
	v, ok := "", false
	for _, s := range settings {
		if s.section != "all" && !slices.Contains(filters, s.section) {
			continue
		}
		if val, found := strings.CutPrefix(s.line, key+"="); found {
			v, ok = val, true
		}
	}
	return v, ok
}

func TestConfigTxt(t *testing.T) {
	lines := configLines(t)
	if len(lines) == 0 || lines[0] != "[all]" {
		t.Errorf("config.txt must open with [all] so an earlier [pi4]-style filter cannot swallow it; first line %q", lines)
	}
	for _, want := range []string{
		"dtparam=i2c_arm=on",
		"dtparam=spi=on",
		"dtoverlay=" + strings.TrimSuffix("falling-buttons.dts", ".dts"),
	} {
		if n := slices.Index(configSettings(t), setting{"all", want}); n < 0 {
			t.Errorf("config.txt lacks %q under [all]", want)
		}
	}
	for _, l := range lines {
		if l == beginMarker || l == endMarker {
			t.Errorf("config.txt holds a marker line; install.sh adds those")
		}
	}
	// A filter left open at the end would swallow whatever the user's
	// file, or a later install, appends after the block.
	var lastFilter string
	for _, l := range lines {
		if strings.HasPrefix(l, "[") {
			lastFilter = l
		}
	}
	if lastFilter != "[all]" {
		t.Errorf("config.txt ends under %s; end with [all] so nothing after it is filtered", lastFilter)
	}
}

// TestI2CBaudRate: the Pi 4 and older must run the PN532's bus at 100 kHz,
// because their I2C controller mishandles its clock stretching
// (raspberrypi/linux#4884); only the Pi 5's RP1 may have the chip's 400 kHz.
func TestI2CBaudRate(t *testing.T) {
	settings := configSettings(t)
	for _, tc := range []struct {
		model   string
		filters []string
		want    string
	}{
		{"Zero 2 W", []string{"pi02"}, "100000"},
		{"Pi 3", []string{"pi3"}, "100000"},
		{"Pi 3+", []string{"pi3", "pi3+"}, "100000"},
		{"Pi 4", []string{"pi4"}, "100000"},
		{"Pi 400", []string{"pi4", "pi400"}, "100000"},
		{"Pi 5", []string{"pi5"}, "400000"},
		{"CM5", []string{"pi5", "cm5"}, "400000"},
	} {
		got, ok := effective(settings, "dtparam=i2c_arm_baudrate", tc.filters...)
		if !ok || got != tc.want {
			t.Errorf("%s: i2c_arm_baudrate = %q (set %v), want %s", tc.model, got, ok, tc.want)
		}
	}
}

// TestCoreClockPinned: a WS2812 has no clock line, so its SPI bit clock
// must not move with the core clock's frequency scaling. On the Pi 3 and
// Zero 2 W the core is pinned at 250 MHz, where 2.5 MHz divides exactly
// (250/100); the Pi 4 is held at its 500 MHz (500/200).
func TestCoreClockPinned(t *testing.T) {
	settings := configSettings(t)
	for _, tc := range []struct {
		model     string
		filters   []string
		key, want string
	}{
		{"Zero 2 W", []string{"pi02"}, "core_freq", "250"},
		{"Pi 3", []string{"pi3"}, "core_freq", "250"},
		{"Pi 4", []string{"pi4"}, "core_freq_min", "500"},
	} {
		got, ok := effective(settings, tc.key, tc.filters...)
		if !ok || got != tc.want {
			t.Errorf("%s: %s = %q (set %v), want %s", tc.model, tc.key, got, ok, tc.want)
		}
		// The BCM283x SPI divider is even; 2.5 MHz = core·2/5 MHz.
		mhz, err := strconv.Atoi(tc.want)
		if err != nil || (2*mhz)%5 != 0 || (2*mhz/5)%2 != 0 {
			t.Errorf("%s: a %s MHz core does not divide to 2.5 MHz by an even divisor", tc.model, tc.want)
		}
	}
	if _, ok := effective(settings, "core_freq", "pi5"); ok {
		t.Errorf("core_freq set for the Pi 5: its RP1 clocks SPI from a fixed clock")
	}
}

// unit parses a systemd unit into section -> key -> values, in order.
func unit(t *testing.T, path string) map[string]map[string][]string {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	u := map[string]map[string][]string{}
	section := ""
	for i, l := range strings.Split(string(raw), "\n") {
		l = strings.TrimSpace(l)
		switch {
		case l == "" || strings.HasPrefix(l, "#") || strings.HasPrefix(l, ";"):
		case strings.HasPrefix(l, "[") && strings.HasSuffix(l, "]"):
			section = l[1 : len(l)-1]
			u[section] = map[string][]string{}
		default:
			k, v, ok := strings.Cut(l, "=")
			if !ok || section == "" {
				t.Fatalf("%s:%d: not a key=value line in a section: %q", path, i+1, l)
			}
			u[section][k] = append(u[section][k], v)
		}
	}
	return u
}

func TestUnit(t *testing.T) {
	u := unit(t, "falling.service")
	one := func(section, key string) string {
		v := u[section][key]
		if len(v) != 1 {
			t.Errorf("[%s] %s set %d times, want once", section, key, len(v))
			return ""
		}
		return v[0]
	}
	for _, tc := range []struct{ section, key, want string }{
		{"Service", "ExecStart", "/usr/local/bin/falling play --config /etc/falling/table.yaml --log-dir /var/lib/falling --hands 0 --resume"},
		{"Service", "User", "falling"},
		{"Service", "Restart", "on-failure"},
		{"Service", "StandardOutput", "journal"},
		{"Service", "StateDirectory", "falling"},
		{"Install", "WantedBy", "multi-user.target"},
	} {
		if got := one(tc.section, tc.key); got != tc.want {
			t.Errorf("[%s] %s = %q, want %q", tc.section, tc.key, got, tc.want)
		}
	}
	for _, tc := range []struct {
		section, key string
		want         []string
	}{
		{"Service", "SupplementaryGroups", []string{"gpio", "i2c", "spi", "audio"}},
		{"Unit", "After", []string{"sound.target"}},
	} {
		got := strings.Fields(one(tc.section, tc.key))
		for _, w := range tc.want {
			if !slices.Contains(got, w) {
				t.Errorf("[%s] %s = %q, lacks %s", tc.section, tc.key, got, w)
			}
		}
	}
	// A restart loop must end: both limits set, and the delay long enough
	// that the burst does not run out within a second.
	for _, key := range []string{"StartLimitIntervalSec", "StartLimitBurst"} {
		if one("Unit", key) == "" {
			t.Errorf("[Unit] %s missing", key)
		}
	}
	if d, err := time.ParseDuration(one("Service", "RestartSec")); err != nil || d < time.Second {
		t.Errorf("RestartSec = %v (%v), want at least 1s", d, err)
	}

	// Settings that look like harmless hardening but would take away the
	// very devices the game runs on.
	for _, tc := range []struct{ key, bad, why string }{
		{"PrivateDevices", "yes", "hides /dev/gpiochip*, /dev/i2c-*, /dev/spidev*"},
		{"ProtectClock", "yes", "implies a device allow-list without the hardware"},
		{"DevicePolicy", "closed", "needs a DeviceAllow per device class"},
		{"DevicePolicy", "strict", "needs a DeviceAllow per device class"},
		{"SystemCallArchitectures", "native", "kills a 32-bit binary under a 64-bit kernel"},
	} {
		if slices.Contains(u["Service"][tc.key], tc.bad) {
			t.Errorf("%s=%s %s", tc.key, tc.bad, tc.why)
		}
	}
}

// TestUnitVerifies has systemd itself read the unit. verify insists that
// ExecStart's program exists, so a copy points it at a stand-in; everything
// else is the file as installed.
func TestUnitVerifies(t *testing.T) {
	analyze := needTool(t, "systemd-analyze", "systemd")
	dir := t.TempDir()
	fake := filepath.Join(dir, "falling")
	if err := os.WriteFile(fake, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile("falling.service")
	if err != nil {
		t.Fatal(err)
	}
	body := strings.Replace(string(raw), "ExecStart=/usr/local/bin/falling ", "ExecStart="+fake+" ", 1)
	if body == string(raw) {
		t.Fatal("falling.service has no ExecStart=/usr/local/bin/falling line to stand in for")
	}
	path := filepath.Join(dir, "falling.service")
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	// verify exits 0 on an unknown or misspelt key and only says so, so any
	// output at all is a failure.
	stdout, stderr, err := run(t, analyze, "verify", "--man=no", path)
	if err != nil || strings.TrimSpace(stdout+stderr) != "" {
		t.Errorf("systemd-analyze verify: %v\n%s%s", err, stdout, stderr)
	}
}

func TestScriptsParse(t *testing.T) {
	for _, sh := range []string{"sh", "bash"} {
		t.Run(sh, func(t *testing.T) {
			p := needTool(t, sh, sh)
			if _, stderr, err := run(t, p, "-n", "install.sh"); err != nil {
				t.Errorf("%s -n install.sh: %v\n%s", sh, err, stderr)
			}
		})
	}
	t.Run("shellcheck", func(t *testing.T) {
		p := needTool(t, "shellcheck", "shellcheck")
		if stdout, _, err := run(t, p, "-s", "sh", "install.sh"); err != nil {
			t.Errorf("shellcheck: %v\n%s", err, stdout)
		}
	})
}

// card is a stand-in for a Raspberry Pi OS root: what install.sh checks
// for, plus what a user may have put there before.
type card struct {
	config string // boot/firmware/config.txt as the user left it
	table  string // etc/falling/table.yaml, "" for none
}

func (c card) make(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	files := map[string]string{
		"boot/firmware/config.txt":  c.config,
		"boot/firmware/cmdline.txt": "console=serial0,115200 root=PARTUUID=0 rootwait\n",
	}
	if c.table != "" {
		files["etc/falling/table.yaml"] = c.table
	}
	for name, body := range files {
		writeFile(t, filepath.Join(root, name), body, 0o644)
	}
	if err := os.MkdirAll(filepath.Join(root, "boot/firmware/overlays"), 0o755); err != nil {
		t.Fatal(err)
	}
	return root
}

func writeFile(t *testing.T, path, body string, mode os.FileMode) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(body), mode); err != nil {
		t.Fatal(err)
	}
}

// snapshot records every file, link and folder under root with its mode and
// content, so two runs can be compared byte for byte.
func snapshot(t *testing.T, root string) map[string]string {
	t.Helper()
	s := map[string]string{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		info, err := d.Info()
		if err != nil {
			return err
		}
		switch {
		case d.Type()&fs.ModeSymlink != 0:
			target, err := os.Readlink(path)
			s[rel] = "link " + target
			return err
		case d.IsDir():
			s[rel] = "dir " + info.Mode().String()
		default:
			body, err := os.ReadFile(path)
			s[rel] = info.Mode().String() + " " + string(body)
			return err
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func install(t *testing.T, args ...string) (string, error) {
	t.Helper()
	stdout, stderr, err := run(t, "sh", append([]string{"install.sh"}, args...)...)
	return stdout + stderr, err
}

func fakeBinary(t *testing.T) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "falling")
	writeFile(t, p, "#!/bin/sh\necho falling stand-in\n", 0o755)
	return p
}

func TestInstallTwice(t *testing.T) {
	needTool(t, "dtc", "device-tree-compiler")
	reference, err := os.ReadFile("board-reference.yaml")
	if err != nil {
		t.Fatal(err)
	}
	block, err := os.ReadFile("config.txt")
	if err != nil {
		t.Fatal(err)
	}
	const userTable = "# my own wiring\nseats: []\n"
	bin := fakeBinary(t)
	dtbo := compileOverlay(t)

	for _, tc := range []struct {
		name string
		card card
		// what config.txt must hold around the block, user text kept as is
		before, after string
		table         string
	}{
		{
			name:   "fresh card",
			card:   card{config: "dtparam=audio=on\n[pi4]\narm_boost=1\n"},
			before: "dtparam=audio=on\n[pi4]\narm_boost=1\n",
			table:  string(reference),
		},
		{
			name:   "config.txt without a final newline, user's table.yaml",
			card:   card{config: "dtparam=audio=on", table: userTable},
			before: "dtparam=audio=on\n",
			table:  userTable,
		},
		{
			name: "an older block in the middle is replaced",
			card: card{config: "dtparam=audio=on\n" + beginMarker + "\ndtparam=i2c_arm_baudrate=100000\n" +
				endMarker + "\ncamera_auto_detect=1\n"},
			before: "dtparam=audio=on\ncamera_auto_detect=1\n",
			table:  string(reference),
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := tc.card.make(t)
			out, err := install(t, "--root", root, "--binary", bin)
			if err != nil {
				t.Fatalf("first run: %v\n%s", err, out)
			}
			first := snapshot(t, root)
			out, err = install(t, "--root", root, "--binary", bin)
			if err != nil {
				t.Fatalf("second run: %v\n%s", err, out)
			}
			if !strings.Contains(out, "everything was already in place") {
				t.Errorf("second run did not say it had nothing to do:\n%s", out)
			}
			second := snapshot(t, root)
			for name := range first {
				if first[name] != second[name] {
					t.Errorf("%s changed on the second run", name)
				}
			}
			for name := range second {
				if _, ok := first[name]; !ok {
					t.Errorf("%s appeared on the second run", name)
				}
			}

			wantConfig := tc.before + beginMarker + "\n" + string(block) + endMarker + "\n"
			mustFile(t, root, "boot/firmware/config.txt", wantConfig, "-rw-r--r--")
			mustFile(t, root, "usr/local/bin/falling", fileBody(t, bin), "-rwxr-xr-x")
			mustFile(t, root, "boot/firmware/overlays/falling-buttons.dtbo", fileBody(t, dtbo), "-rw-r--r--")
			mustFile(t, root, "etc/systemd/system/falling.service", fileBody(t, "falling.service"), "-rw-r--r--")
			mustFile(t, root, "etc/falling/table.yaml", tc.table, "")
			link := "etc/systemd/system/multi-user.target.wants/falling.service"
			if got := second[link]; got != "link /etc/systemd/system/falling.service" {
				t.Errorf("%s = %q, want the link systemctl enable makes", link, got)
			}
			if n := strings.Count(second["boot/firmware/config.txt"], beginMarker); n != 1 {
				t.Errorf("config.txt holds %d falling blocks, want 1", n)
			}
			mustFile(t, root, "boot/firmware/config.txt.before-falling", tc.card.config, "")
			mustModules(t, root)
			if !strings.Contains(out, "modules i2c-dev and spidev load when the Pi boots") {
				t.Errorf("an install onto a card does not say the modules load at boot:\n%s", out)
			}
		})
	}
}

// mustModules checks the modules-load file: without i2c-dev there is no
// /dev/i2c-1 whatever config.txt says.
func mustModules(t *testing.T, root string) {
	t.Helper()
	body, err := os.ReadFile(filepath.Join(root, "etc/modules-load.d/falling.conf"))
	if err != nil {
		t.Fatalf("no modules-load file: %v", err)
	}
	var mods []string
	for _, l := range strings.Split(string(body), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			mods = append(mods, l)
		}
	}
	if !slices.Equal(mods, []string{"i2c-dev", "spidev"}) {
		t.Errorf("modules-load.d/falling.conf loads %q, want i2c-dev and spidev", mods)
	}
}

// TestInstallKeepsFirstBackup: config.txt.before-falling is the user's
// file from before the first install, and stays so through later installs
// that change config.txt (an upgrade, or the user's own edits around the
// block), so it can always undo falling entirely.
func TestInstallKeepsFirstBackup(t *testing.T) {
	needTool(t, "dtc", "device-tree-compiler")
	const original = "dtparam=audio=on\n"
	root := card{config: original}.make(t)
	bin, dtbo := fakeBinary(t), compileOverlay(t)
	config := filepath.Join(root, "boot/firmware/config.txt")
	backup := "boot/firmware/config.txt.before-falling"

	if out, err := install(t, "--root", root, "--binary", bin, "--dtbo", dtbo); err != nil {
		t.Fatalf("first install: %v\n%s", err, out)
	}
	mustFile(t, root, backup, original, "")

	// An older falling's block, as an upgrade finds it, and a line the
	// user added after it: the next install must rewrite config.txt.
	old := original + beginMarker + "\ndtparam=i2c_arm_baudrate=400000\n" + endMarker + "\nhdmi_force_hotplug=1\n"
	writeFile(t, config, old, 0o644)
	out, err := install(t, "--root", root, "--binary", bin, "--dtbo", dtbo)
	if err != nil {
		t.Fatalf("upgrade: %v\n%s", err, out)
	}
	if !strings.Contains(out, "wrote the falling block") || !strings.Contains(out, "from before falling's first install is kept") {
		t.Errorf("upgrade did not rewrite config.txt and say the first backup is kept:\n%s", out)
	}
	mustFile(t, root, backup, original, "")
	if got := fileBody(t, config); !strings.HasPrefix(got, original+"hdmi_force_hotplug=1\n"+beginMarker) {
		t.Errorf("config.txt after the upgrade =\n%s", got)
	}
}

func fileBody(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// mustFile checks a file's content and, when mode is not "", its mode.
func mustFile(t *testing.T, root, name, body, mode string) {
	t.Helper()
	path := filepath.Join(root, name)
	info, err := os.Stat(path)
	if err != nil {
		t.Errorf("%s not installed: %v", name, err)
		return
	}
	if mode != "" && info.Mode().String() != mode {
		t.Errorf("%s mode %s, want %s", name, info.Mode(), mode)
	}
	if got := fileBody(t, path); got != body {
		t.Errorf("%s =\n%s\nwant\n%s", name, got, body)
	}
}

func TestInstallDryRunChangesNothing(t *testing.T) {
	needTool(t, "dtc", "device-tree-compiler")
	root := card{config: "dtparam=audio=on\n"}.make(t)
	before := snapshot(t, root)
	out, err := install(t, "--root", root, "--binary", fakeBinary(t), "--dry-run")
	if err != nil {
		t.Fatalf("dry run: %v\n%s", err, out)
	}
	for _, want := range []string{"would install", "would write the falling block", "would enable", "nothing was changed"} {
		if !strings.Contains(out, want) {
			t.Errorf("dry run does not say %q:\n%s", want, out)
		}
	}
	after := snapshot(t, root)
	if fmt.Sprint(before) != fmt.Sprint(after) {
		t.Errorf("dry run changed the root:\nbefore %v\nafter  %v", before, after)
	}
}

// asNonRoot runs install.sh as nobody, copied where nobody can read it, so
// the refusal to install into / is tested even when the tests run as root.
func asNonRoot(t *testing.T, args ...string) (string, error) {
	t.Helper()
	if os.Geteuid() != 0 {
		return install(t, args...)
	}
	setpriv := needTool(t, "setpriv", "util-linux")
	// Not t.TempDir: its parent folder is closed to other users.
	dir, err := os.MkdirTemp("", "falling-install-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	script := filepath.Join(dir, "install.sh")
	writeFile(t, script, fileBody(t, "install.sh"), 0o755)
	stdout, stderr, err := run(t, setpriv, append([]string{"--reuid=65534", "--regid=65534", "--clear-groups", "sh", script}, args...)...)
	return stdout + stderr, err
}

func TestInstallRefuses(t *testing.T) {
	bin := fakeBinary(t)
	notPi := t.TempDir() // no boot partition at all
	for _, tc := range []struct {
		name string
		run  func(t *testing.T) (string, error)
		want string
	}{
		{"not root, into /", func(t *testing.T) (string, error) {
			return asNonRoot(t, "--root", "/", "--binary", bin, "--dry-run")
		}, "needs root"},
		{"no --binary", func(t *testing.T) (string, error) {
			return install(t, "--root", card{config: "\n"}.make(t))
		}, "no binary given"},
		{"binary missing", func(t *testing.T) (string, error) {
			return install(t, "--root", card{config: "\n"}.make(t), "--binary", filepath.Join(notPi, "nope"))
		}, "no such file"},
		{"not a boot partition", func(t *testing.T) (string, error) {
			return install(t, "--root", notPi, "--binary", bin)
		}, "--not-a-pi"},
		{"unknown option", func(t *testing.T) (string, error) {
			return install(t, "--frobnicate")
		}, "unknown option"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := tc.run(t)
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.ExitCode() != 2 {
				t.Fatalf("want exit status 2, got %v\n%s", err, out)
			}
			if !strings.Contains(out, tc.want) {
				t.Errorf("message does not say %q:\n%s", tc.want, out)
			}
		})
	}
}

// TestInstallNotAPiOverride: the override flag must actually let the
// install through, or it is a trap for whoever reads the refusal.
func TestInstallNotAPiOverride(t *testing.T) {
	needTool(t, "dtc", "device-tree-compiler")
	root := t.TempDir()
	out, err := install(t, "--root", root, "--binary", fakeBinary(t), "--not-a-pi")
	if err != nil {
		t.Fatalf("--not-a-pi: %v\n%s", err, out)
	}
	mustFile(t, root, "boot/firmware/config.txt", beginMarker+"\n"+fileBody(t, "config.txt")+endMarker+"\n", "")
}
