package platform

import (
	"errors"
	"net"
	"os"
	"time"
)

const canPassFiles = false

var errNoPassing = errors.New("Windows cannot pass descriptors over a socket")

func sendFiles(net.Conn, []*RawFD) error           { return errNoPassing }
func receiveFiles(net.Conn, int) ([]*RawFD, error) { return nil, errNoPassing }
func rawPipe() (*RawFD, *RawFD, error)             { return nil, nil, errNoPassing }

// RawFD is a descriptor passed between processes; Windows has none.
type RawFD struct{}

func FileRawFD(*os.File) *RawFD                  { return nil }
func (*RawFD) Kind() (pipe, sock bool)           { return false, false }
func (*RawFD) WholeMax() int                     { return 0 }
func (*RawFD) Write([]byte) (int, error)         { return 0, errNoPassing }
func (*RawFD) WriteNow([]byte) (int, error)      { return 0, errNoPassing }
func (*RawFD) ReadAvailable([]byte) (int, error) { return 0, errNoPassing }
func (*RawFD) Wait(time.Duration) error          { return errNoPassing }
func (*RawFD) WaitWritable(time.Duration) error  { return errNoPassing }
func (*RawFD) Closed() bool                      { return true }
func (*RawFD) Close() error                      { return errNoPassing }
func (*RawFD) Private()                          {}
func (*RawFD) Pollable(string) *os.File          { return nil }
