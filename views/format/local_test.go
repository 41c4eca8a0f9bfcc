package format

import (
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/internal/i18n"
)

// TestLocalFormats checks numbers, percentages, dates and relative times in both languages.
func TestLocalFormats(t *testing.T) {
	b, err := i18n.NewBundle()
	if err != nil {
		t.Fatal(err)
	}
	tr, en := For(b.Localizer(i18n.TR)), For(b.Localizer(i18n.EN))
	day := time.Date(2026, 11, 25, 14, 5, 0, 0, time.UTC)
	now := day.Add(3 * time.Hour)
	for _, tc := range []struct{ name, got, want string }{
		{"tr number", tr.Number(1234.5, 1), "1.234,5"},
		{"en number", en.Number(1234.5, 1), "1,234.5"},
		{"tr number trailing zeros", tr.Number(1234.50, 2), "1.234,5"},
		{"tr whole", tr.Number(1234567, 2), "1.234.567"},
		{"en negative", en.Number(-9876.25, 2), "-9,876.25"},
		{"tr small", tr.Number(0.5, 2), "0,5"},
		{"tr int", tr.Int(11500), "11.500"},
		{"tr fixed", tr.Fixed(0.9, 2), "0,90"},
		{"en fixed", en.Fixed(1234.5, 2), "1,234.50"},
		{"en int", en.Int(11500), "11,500"},
		{"tr percent", tr.Percent(0.25, 0), "%25"},
		{"en percent", en.Percent(0.25, 0), "25%"},
		{"tr percent decimals", tr.Percent(0.943, 1), "%94,3"},
		{"en percent decimals", en.Percent(0.943, 1), "94.3%"},
		{"tr date", tr.Date(day), "25 Kasım 2026"},
		{"en date", en.Date(day), "25 November 2026"},
		{"tr date february", tr.Date(time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC)), "1 Şubat 2026"},
		{"tr time", tr.Time(day), "25 Kasım 2026, 14:05 UTC"},
		{"tr month", tr.MonthYear(day), "Kasım 2026"},
		{"en month", en.MonthYear(day), "November 2026"},
		{"en time", en.Time(day), "25 November 2026, 14:05 UTC"},
		{"tr ago hours", tr.Ago(now, day), "3 saat önce"},
		{"en ago hours", en.Ago(now, day), "3 hours ago"},
		{"en ago one minute", en.Ago(day.Add(90*time.Second), day), "1 minute ago"},
		{"tr just now", tr.Ago(day.Add(time.Second), day), "az önce"},
		{"tr yesterday", tr.Ago(day.Add(30*time.Hour), day), "dün"},
		{"tr old gives date", tr.Ago(day.Add(40*24*time.Hour), day), "25 Kasım 2026"},
		{"tr in minutes", tr.In(41*time.Minute + time.Second), "yaklaşık 42 dakika içinde"},
		{"en in minutes", en.In(41*time.Minute + time.Second), "in about 42 minutes"},
		{"en in hour", en.In(30*time.Minute + 30*time.Minute), "in about 1 hour"},
	} {
		if tc.got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, tc.got, tc.want)
		}
	}
}
