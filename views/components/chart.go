package components

import (
	"strconv"
	"strings"

	"github.com/claimcheck/claimcheck/internal/i18n"
	"github.com/claimcheck/claimcheck/views/format"
)

// ChartPoint is one bar of a bar chart before layout.
type ChartPoint struct {
	// Label is the short axis label, e.g. "Mar"; Long names the bar in the title and the table,
	// e.g. "March 2026".
	Label, Long string
	// Value is the bar's count.
	Value int
}

// ChartBar is one laid-out bar.
type ChartBar struct {
	// Label, Long and Count are the axis label, the full name and the formatted value.
	Label, Long, Count string
	// Title is the bar's tooltip, e.g. "March 2026: 3 requests".
	Title string
	// X, Y, W, H place the bar in the view box; TextX is its centre.
	X, Y, W, H, TextX int
	// ValueY is where the value label sits, above the bar.
	ValueY int
}

// ChartTick is one value on the vertical axis, with its grid line.
type ChartTick struct {
	// Y is the line's position in the view box; Label the formatted value.
	Y     int
	Label string
}

// BarChart is a laid-out, accessible bar chart: an SVG with axis values, a text summary, a table
// of the same numbers, and an empty state when every value is zero.
type BarChart struct {
	// ID prefixes the element ids, so two charts can share a page.
	ID string
	// Title names the chart; it labels the SVG and captions the table.
	Title string
	// ValueHeader heads the table's value column, e.g. "Requests".
	ValueHeader string
	// Empty is true when every value is zero; EmptyText is then shown instead of the SVG.
	Empty     bool
	EmptyText string
	// Width and Height are the view box.
	Width, Height int
	// PlotLeft and PlotRight bound the plot area; BaseY is the zero line.
	PlotLeft, PlotRight, BaseY int
	// LabelY is the baseline of the bar labels under the axis.
	LabelY int
	// Max is the axis maximum, a round number at least the largest value.
	Max int
	// Ticks are the axis values, zero first.
	Ticks []ChartTick
	// Bars are the laid-out bars, in the order given.
	Bars []ChartBar
	// Summary says every value in words, for the SVG's description.
	Summary string
}

// Chart geometry, in view-box units. The box is narrow so that, scaled to a 375 px phone (about
// 300 px of card), ChartFontSize still renders near 12 px; the page caps the chart's width so it
// does not grow past about 17 px on a desktop.
const (
	chartWidth, chartHeight = 320, 200
	chartLeft, chartRight   = 40, 8
	chartTop, chartBottom   = 20, 26
	// ChartFontSize is the labels' size in view-box units.
	ChartFontSize = 13
	// chartMinMax keeps a handful of requests from filling the whole height: the axis shows at
	// least 0–10.
	chartMinMax = 10
)

// NiceAxis returns a round axis maximum at least peak (and at least chartMinMax) and the step
// between its ticks: 1, 2 or 5 times a power of ten, with at most five steps.
func NiceAxis(peak int) (maxValue, step int) {
	peak = max(peak, chartMinMax)
	for mag := 1; ; mag *= 10 {
		for _, m := range []int{1, 2, 5} {
			step = m * mag
			if (peak+step-1)/step <= 5 {
				return (peak + step - 1) / step * step, step
			}
		}
	}
}

// NewBarChart lays out points as a bar chart; unit names one counted thing ("request") for the
// titles and the summary. Its words are English; pages in the visitor's language use
// NewLocalBarChart.
func NewBarChart(id, title, valueHeader, unit, emptyText string, points []ChartPoint) BarChart {
	return layoutChart(chartWords{
		number:   format.Thousands,
		count:    func(n int) string { return format.Plural(n, unit) },
		axisNote: func(maxValue string) string { return "Axis from 0 to " + maxValue + "." },
	}, id, title, valueHeader, emptyText, points)
}

// NewLocalBarChart is NewBarChart in loc's language: numbers grouped as the language writes
// them, unitID a plural message that counts the thing ({{.Value}} is the formatted count), and
// the axis note from the message files. Title, value header and empty text are already in it.
func NewLocalBarChart(loc *i18n.Localizer, id, title, valueHeader, unitID, emptyText string, points []ChartPoint) BarChart {
	f := format.For(loc)
	return layoutChart(chartWords{
		number:   f.Int,
		count:    func(n int) string { return loc.N(unitID, n, "Value", f.Int(int64(n))) },
		axisNote: func(maxValue string) string { return loc.T("chart.axis_note", "Max", maxValue) },
	}, id, title, valueHeader, emptyText, points)
}

// chartWords are the language-dependent parts of a chart's text.
type chartWords struct {
	number   func(int64) string
	count    func(int) string
	axisNote func(maxValue string) string
}

// layoutChart lays out points with w's words.
func layoutChart(w chartWords, id, title, valueHeader, emptyText string, points []ChartPoint) BarChart {
	c := BarChart{ID: id, Title: title, ValueHeader: valueHeader, EmptyText: emptyText,
		Width: chartWidth, Height: chartHeight, PlotLeft: chartLeft, PlotRight: chartWidth - chartRight,
		BaseY: chartHeight - chartBottom, LabelY: chartHeight - 7}
	peak := 0
	for _, p := range points {
		peak = max(peak, p.Value)
	}
	c.Empty = peak <= 0
	maxValue, step := NiceAxis(peak)
	c.Max = maxValue
	plotH := c.BaseY - chartTop
	for v := 0; v <= maxValue; v += step {
		c.Ticks = append(c.Ticks, ChartTick{Y: c.BaseY - v*plotH/maxValue, Label: w.number(int64(v))})
	}
	parts := make([]string, 0, len(points))
	if len(points) > 0 {
		slot := (c.PlotRight - c.PlotLeft) / len(points)
		barW := slot * 3 / 5
		for i, p := range points {
			h := p.Value * plotH / maxValue
			if p.Value > 0 {
				h = max(h, 2) // a non-zero bar stays visible beside a tall one
			}
			x := c.PlotLeft + i*slot
			b := ChartBar{Label: p.Label, Long: p.Long, Count: w.number(int64(p.Value)),
				Title: p.Long + ": " + w.count(p.Value),
				X:     x + (slot-barW)/2, Y: c.BaseY - h, W: barW, H: h, TextX: x + slot/2}
			b.ValueY = max(b.Y-5, ChartFontSize)
			c.Bars = append(c.Bars, b)
			parts = append(parts, p.Long+" "+b.Count)
		}
	}
	c.Summary = title + ": " + strings.Join(parts, ", ") + ". " + w.axisNote(w.number(int64(maxValue)))
	return c
}

// viewBox is the chart's SVG view box attribute.
func (c BarChart) viewBox() string {
	return "0 0 " + strconv.Itoa(c.Width) + " " + strconv.Itoa(c.Height)
}
