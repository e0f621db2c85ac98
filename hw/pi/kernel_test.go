//go:build vmtest

// These tests need a real kernel with i2c-stub and i2c-dev loaded:
// hw/vmtest/run.sh boots one under QEMU and runs them there (make vmtest).
// Every other test of this package goes through fake Devices, which is how
// a registry that refused to load any driver went unnoticed.

package pi

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"unsafe"

	"golang.org/x/sys/unix"
)

// stubAddr is where hw/vmtest/init loads i2c-stub: the PN532's address.
const stubAddr = 0x24

// stubBus finds the bus number of i2c-stub's adapter by its name, so the
// test does not depend on the order adapters were registered in.
func stubBus(t *testing.T) int {
	t.Helper()
	names, err := filepath.Glob("/sys/class/i2c-dev/i2c-*/name")
	if err != nil {
		t.Fatal(err)
	}
	var seen []string
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		name := strings.TrimSpace(string(b))
		dev := filepath.Base(filepath.Dir(n))
		if name == "SMBus stub driver" {
			var bus int
			if _, err := fmt.Sscanf(dev, "i2c-%d", &bus); err != nil {
				t.Fatalf("%s: %v", dev, err)
			}
			return bus
		}
		seen = append(seen, dev+"="+name)
	}
	t.Fatalf("no i2c-stub adapter (adapters: %v); run these tests with hw/vmtest/run.sh", seen)
	return 0
}

// The table's own path to the reader's bus, Host.OpenI2C, opens a real
// /dev/i2c-N: periph's registry loads, the bus is the one asked for, and a
// transfer reaches the kernel. i2c-stub speaks only SMBus, so a plain I2C
// transfer must come back refused by the adapter, not by periph, while an
// SMBus transfer on the same device file works: open, path and permissions
// are right.
func TestKernelOpenI2C(t *testing.T) {
	bus := stubBus(t)
	path := fmt.Sprintf("/dev/i2c-%d", bus)

	b, err := Host{}.OpenI2C(bus)
	if err != nil {
		t.Fatalf("Host.OpenI2C(%d): %v", bus, err)
	}
	defer func() {
		if err := b.Close(); err != nil {
			t.Errorf("close %s: %v", path, err)
		}
	}()
	if got, want := b.String(), fmt.Sprintf("I2C%d", bus); got != want {
		t.Errorf("opened %q, want %q (%s)", got, want, path)
	}

	// Plain I2C: the adapter has no I2C_FUNC_I2C, so the kernel refuses the
	// transfer. The error must come from the ioctl, i.e. the bus is open.
	err = b.Tx(stubAddr, []byte{0x00}, make([]byte, 1))
	if err == nil {
		t.Fatalf("plain I2C transfer on i2c-stub succeeded; it only speaks SMBus")
	}
	// periph formats the errno with %v, so only its text is left to check:
	// EOPNOTSUPP is the adapter's answer, anything else is a broken path.
	if !strings.Contains(err.Error(), syscall.EOPNOTSUPP.Error()) {
		t.Fatalf("plain I2C on %s: %v; want the adapter's %q", path, err, syscall.EOPNOTSUPP.Error())
	}
	t.Logf("plain I2C on %s, as expected: %v", path, err)

	// SMBus on the same device file: write a byte to a register of the
	// stub chip and read it back.
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatalf("open %s: %v", path, err)
	}
	defer f.Close()
	if err := ioctl(f, i2cSlave, stubAddr); err != nil {
		t.Fatalf("I2C_SLAVE 0x%x on %s: %v", stubAddr, path, err)
	}
	if err := smbusByte(f, smbusWrite, 0x10, 0xa5); err != nil {
		t.Fatalf("SMBus write on %s: %v", path, err)
	}
	v, err := smbusReadByte(f, 0x10)
	if err != nil {
		t.Fatalf("SMBus read on %s: %v", path, err)
	}
	if v != 0xa5 {
		t.Errorf("SMBus read back 0x%02x, want 0xa5", v)
	}
}

// A bus that is not there is an error naming it, classified Missing so the
// doctor tells the builder to turn I2C on.
func TestKernelOpenI2CMissing(t *testing.T) {
	_, err := Host{}.OpenI2C(97)
	if !errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), "/dev/i2c-97") || Classify(err) != Missing {
		t.Errorf("missing bus: %v (kind %v); want a not-exist error naming /dev/i2c-97, classified Missing", err, Classify(err))
	}
}

// deniedChild marks the copy of this test binary that runs as nobody.
const deniedChild = "FALLING_VMTEST_I2C_DENIED"

// A user the bus's permissions leave out gets a permission error naming the
// device file, classified Denied so the doctor's fix is the i2c group. The
// kernel's own /dev/i2c-N is root's, mode 0600; the test runs a copy of
// itself as nobody.
func TestKernelOpenI2CDenied(t *testing.T) {
	bus := stubBus(t)
	path := fmt.Sprintf("/dev/i2c-%d", bus)
	if os.Getenv(deniedChild) != "" {
		_, err := Host{}.OpenI2C(bus)
		if !errors.Is(err, fs.ErrPermission) || !strings.Contains(err.Error(), path) || Classify(err) != Denied {
			t.Errorf("as uid %d: %v (kind %v); want a permission error naming %s, classified Denied", os.Getuid(), err, Classify(err), path)
		}
		return
	}
	if os.Getuid() != 0 {
		t.Fatalf("runs as uid %d; the VM's tests run as root, to drop to nobody", os.Getuid())
	}
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm()&0o006 != 0 {
		t.Fatalf("%s is %v: anyone may open it, nothing to deny", path, st.Mode())
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestKernelOpenI2CDenied$", "-test.v", "-test.count=1")
	cmd.Env = append(os.Environ(), deniedChild+"=1")
	cmd.Dir = os.TempDir()
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "--- PASS: TestKernelOpenI2CDenied") {
		t.Fatalf("as nobody: %v\n%s", err, out)
	}
}

// Linux's i2c-dev ioctls (include/uapi/linux/i2c-dev.h, i2c.h).
const (
	i2cSlave         = 0x0703
	i2cSMBus         = 0x0720
	smbusWrite       = 0
	smbusRead        = 1
	smbusSizeByteReg = 2 // I2C_SMBUS_BYTE_DATA
)

// smbusIoctlData is struct i2c_smbus_ioctl_data.
type smbusIoctlData struct {
	readWrite uint8
	command   uint8
	size      uint32
	data      unsafe.Pointer // *union i2c_smbus_data
}

func ioctl(f *os.File, req, arg uintptr) error {
	if _, _, e := unix.Syscall(unix.SYS_IOCTL, f.Fd(), req, arg); e != 0 {
		return e
	}
	return nil
}

func smbusByte(f *os.File, rw uint8, reg, val uint8) error {
	var data [34]byte // union i2c_smbus_data
	data[0] = val
	d := smbusIoctlData{readWrite: rw, command: reg, size: smbusSizeByteReg, data: unsafe.Pointer(&data)}
	return ioctl(f, i2cSMBus, uintptr(unsafe.Pointer(&d)))
}

func smbusReadByte(f *os.File, reg uint8) (uint8, error) {
	var data [34]byte
	d := smbusIoctlData{readWrite: smbusRead, command: reg, size: smbusSizeByteReg, data: unsafe.Pointer(&data)}
	err := ioctl(f, i2cSMBus, uintptr(unsafe.Pointer(&d)))
	return data[0], err
}
