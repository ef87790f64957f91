//go:build windows

package platform

import (
	"fmt"
	"sync"

	"golang.org/x/sys/windows/registry"
)

// toastClasses are the Windows Runtime classes a toast is made of
// (beeep's route on Windows 10 and later, through go-toast): the
// notification manager and the XML document the toast is written in.
var toastClasses = []string{"Windows.UI.Notifications.ToastNotificationManager", "Windows.Data.Xml.Dom.XmlDocument"}

var (
	routeOnce sync.Once
	routeErr  error
)

// notifyRoute says why no notification can be shown here, once: on Windows
// 10 and later beeep shows a toast through the Windows Runtime, and where
// its classes are not registered (Wine; a Windows without the Runtime,
// such as Server Core) go-toast fails — and leaves the process unable to
// exit (it hangs, then crashes, in ExitProcess). So the toast is not tried
// there: the error says why, and the caller logs it. Older Windows (what
// Wine reports by default) get beeep's balloon, which needs no Runtime.
func notifyRoute() error {
	routeOnce.Do(func() {
		k, err := registry.OpenKey(registry.LOCAL_MACHINE, `SOFTWARE\Microsoft\Windows NT\CurrentVersion`, registry.QUERY_VALUE)
		if err != nil {
			return
		}
		major, _, err := k.GetIntegerValue("CurrentMajorVersionNumber")
		k.Close()
		if err != nil || major < 10 {
			return // the balloon route
		}
		for _, class := range toastClasses {
			k, err := registry.OpenKey(registry.LOCAL_MACHINE, `SOFTWARE\Microsoft\WindowsRuntime\ActivatableClassId\`+class, registry.QUERY_VALUE)
			if err != nil {
				routeErr = fmt.Errorf("Windows toast notifications are unavailable here: the Windows Runtime class %s is not registered (Wine, or a Windows without the Windows Runtime); unitymcp runs on without desktop notifications", class)
				return
			}
			k.Close()
		}
	})
	return routeErr
}
