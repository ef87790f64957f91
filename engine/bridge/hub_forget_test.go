package bridge

import (
	"errors"
	"testing"
)

// A closed project's editor is forgotten on request, with what the engine
// keeps of it (OnForget); a connected one is refused, and one the hub does
// not keep is named unknown.
func TestHubForgetsAClosedEditorOnRequest(t *testing.T) {
	var forgot []string
	x := newHarness(t, Options{OnForget: func(hash string) { forgot = append(forgot, hash) }})
	c := x.dial()
	if _, err := x.hub.Forget(testHash); !errors.Is(err, ErrEditorInUse) {
		t.Fatalf("forgetting a connected editor: %v, want ErrEditorInUse", err)
	}
	x.drop(c)
	info, err := x.hub.Forget(testHash)
	if err != nil || info.ProjectHash != testHash {
		t.Fatalf("forgetting the closed editor: %+v %v", info, err)
	}
	if _, ok := x.hub.Editor(testHash); ok {
		t.Error("the hub still keeps the forgotten editor")
	}
	if len(forgot) != 1 || forgot[0] != testHash {
		t.Errorf("OnForget got %v, want [%s]", forgot, testHash)
	}
	if _, err := x.hub.Forget(testHash); !errors.Is(err, ErrUnknownEditor) {
		t.Errorf("forgetting it again: %v, want ErrUnknownEditor", err)
	}
}
