package admin

import (
	"testing"
)

func TestLabelPlaceKeepsLabelsInsideTheChart(t *testing.T) {
	for _, tc := range []struct {
		centre     int
		label      string
		wantX      int
		wantAnchor string
	}{
		{10, "27 Oct", 0, "start"},
		{300, "11 Nov", 300, "middle"},
		{590, "25 Nov", 600, "end"},
		{60, "yanlis", 60, "middle"},
	} {
		x, anchor := labelPlace(tc.centre, tc.label, 600)
		if x != tc.wantX || anchor != tc.wantAnchor {
			t.Errorf("labelPlace(%d, %q) = %d %s, want %d %s", tc.centre, tc.label, x, anchor, tc.wantX, tc.wantAnchor)
		}
	}
}
