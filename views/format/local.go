package format

import (
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/claimcheck/claimcheck/internal/i18n"
	"github.com/claimcheck/claimcheck/internal/turkish"
)

// Local formats numbers, percentages, dates and relative times in one language: Turkish writes
// 1.234,5, %25 and "25 Kasım 2026"; English 1,234.5, 25% and "25 November 2026". The English
// functions of this package (Thousands, Time, Ago, In) stay for pages not yet translated.
type Local struct {
	loc *i18n.Localizer
}

// For is the formatter of the localizer's language; its relative-time words come from the
// message files.
func For(loc *i18n.Localizer) Local { return Local{loc: loc} }

// separators are the thousands and decimal marks of a language.
func separators(l i18n.Lang) (thousands, decimal string) {
	if l == i18n.TR {
		return ".", ","
	}
	return ",", "."
}

// Int writes n with the language's thousands mark: 12.345 or 12,345.
func (f Local) Int(n int64) string {
	th, _ := separators(f.loc.Lang())
	return group(strconv.FormatInt(n, 10), th)
}

// Number writes x with at most decimals digits after the mark, trailing zeros dropped:
// Number(1234.5, 1) is 1.234,5 in Turkish and 1,234.5 in English.
func (f Local) Number(x float64, decimals int) string {
	th, dec := separators(f.loc.Lang())
	s := strconv.FormatFloat(x, 'f', decimals, 64)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	if s == "-0" {
		s = "0"
	}
	intPart, frac, _ := strings.Cut(s, ".")
	out := group(intPart, th)
	if frac != "" {
		out += dec + frac
	}
	return out
}

// Fixed writes x with exactly decimals digits after the mark: Fixed(0.9, 2) is 0,90 in Turkish.
func (f Local) Fixed(x float64, decimals int) string {
	th, dec := separators(f.loc.Lang())
	intPart, frac, _ := strings.Cut(strconv.FormatFloat(x, 'f', decimals, 64), ".")
	out := group(intPart, th)
	if frac != "" {
		out += dec + frac
	}
	return out
}

// Percent writes a share from 0 to 1 as a percentage with at most decimals digits: %25 in
// Turkish (the sign comes first), 25% in English.
func (f Local) Percent(share float64, decimals int) string {
	n := f.Number(math.Round(share*100*math.Pow10(decimals))/math.Pow10(decimals), decimals)
	if f.loc.Lang() == i18n.TR {
		return "%" + n
	}
	return n + "%"
}

// Date is a day in UTC: "25 Kasım 2026" or "25 November 2026".
func (f Local) Date(t time.Time) string {
	t = t.UTC()
	if f.loc.Lang() == i18n.TR {
		return strconv.Itoa(t.Day()) + " " + turkish.MonthNames[t.Month()-1] + " " + strconv.Itoa(t.Year())
	}
	return t.Format("2 January 2006")
}

// MonthYear is a month in UTC: "Kasım 2026" or "November 2026".
func (f Local) MonthYear(t time.Time) string {
	t = t.UTC()
	if f.loc.Lang() == i18n.TR {
		return turkish.MonthNames[t.Month()-1] + " " + strconv.Itoa(t.Year())
	}
	return t.Format("January 2006")
}

// Time is an exact time for people in UTC: "25 Kasım 2026, 14:05 UTC".
func (f Local) Time(t time.Time) string {
	return f.Date(t) + ", " + t.UTC().Format("15:04") + " UTC"
}

// Ago says how long before now t was ("3 dakika önce", "3 minutes ago"); after a month it gives
// the date, like the English Ago.
func (f Local) Ago(now, t time.Time) string {
	d := now.Sub(t)
	switch {
	case d < time.Minute:
		return f.loc.T("time.just_now")
	case d < time.Hour:
		return f.loc.N("time.minutes_ago", int(d/time.Minute))
	case d < 24*time.Hour:
		return f.loc.N("time.hours_ago", int(d/time.Hour))
	case d < 48*time.Hour:
		return f.loc.T("time.yesterday")
	case d < 30*24*time.Hour:
		return f.loc.N("time.days_ago", int(d/(24*time.Hour)))
	}
	return f.Date(t)
}

// In says when a wait ends, rounded up ("yaklaşık 42 dakika içinde", "in about 42 minutes").
func (f Local) In(d time.Duration) string {
	switch {
	case d < time.Minute:
		return f.loc.T("time.in_under_a_minute")
	case d < time.Hour:
		return f.loc.N("time.in_minutes", int(math.Ceil(d.Minutes())))
	}
	return f.loc.N("time.in_hours", int(math.Ceil(d.Hours())))
}

// group inserts the thousands mark into a string of digits (with an optional minus sign).
func group(s, mark string) string {
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + mark + s[i:]
	}
	if neg {
		return "-" + s
	}
	return s
}
