package components

import (
	"math"
	"os"
	"regexp"
	"strconv"
	"testing"
)

// luminance is the WCAG relative luminance of a #rrggbb colour.
func luminance(t *testing.T, hex string) float64 {
	t.Helper()
	if len(hex) != 7 || hex[0] != '#' {
		t.Fatalf("colour %q is not #rrggbb", hex)
	}
	var l [3]float64
	for i := range l {
		v, err := strconv.ParseUint(hex[1+2*i:3+2*i], 16, 8)
		if err != nil {
			t.Fatalf("colour %q: %v", hex, err)
		}
		c := float64(v) / 255
		if c <= 0.03928 {
			l[i] = c / 12.92
		} else {
			l[i] = math.Pow((c+0.055)/1.055, 2.4)
		}
	}
	return 0.2126*l[0] + 0.7152*l[1] + 0.0722*l[2]
}

// TestDisabledPagerLinkContrast reads the stylesheet and wants the disabled pager link's text at
// 4.5:1 or more against both backgrounds it sits on (the page and a card).
func TestDisabledPagerLinkContrast(t *testing.T) {
	css, err := os.ReadFile("../../static/css/app.css")
	if err != nil {
		t.Fatal(err)
	}
	vars := map[string]string{}
	for _, m := range regexp.MustCompile(`(--[a-z0-9-]+):\s*(#[0-9a-fA-F]{6})`).FindAllStringSubmatch(string(css), -1) {
		if _, ok := vars[m[1]]; !ok {
			vars[m[1]] = m[2]
		}
	}
	m := regexp.MustCompile(`\.pager__link--off\s*\{[^}]*[^-]color:\s*([^;]+);`).FindStringSubmatch(string(css))
	if m == nil {
		t.Fatal("no colour for .pager__link--off in app.css")
	}
	fg := m[1]
	if v := regexp.MustCompile(`^var\((--[a-z0-9-]+)\)$`).FindStringSubmatch(fg); v != nil {
		fg = vars[v[1]]
	}
	for _, bg := range []string{"--bg", "--surface"} {
		a, b := luminance(t, fg), luminance(t, vars[bg])
		if a < b {
			a, b = b, a
		}
		if ratio := (a + 0.05) / (b + 0.05); ratio < 4.5 {
			t.Errorf("disabled pager link %s on %s (%s): contrast %.2f:1, want at least 4.5:1", fg, bg, vars[bg], ratio)
		}
	}
}
