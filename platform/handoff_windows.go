package platform

import (
	"errors"
	"net"
	"os"
)

const canPassFiles = false

var errNoPassing = errors.New("Windows cannot pass descriptors over a socket")

func sendFiles(net.Conn, []*os.File) error           { return errNoPassing }
func receiveFiles(net.Conn, int) ([]*os.File, error) { return nil, errNoPassing }
func readAvailable(*os.File, []byte) (int, error)    { return 0, errNoPassing }
