//go:build !unix

package regularfile

import "os"

// open is for systems without named pipes in the file tree, where opening
// cannot block: a stat of the opened file is enough.
func open(path string) (*os.File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	return regular(f)
}
