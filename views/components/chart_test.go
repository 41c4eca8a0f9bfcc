package components

import (
	"context"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

func TestNiceAxis(t *testing.T) {
	for _, c := range []struct{ peak, max, step int }{
		{0, 10, 2}, {1, 10, 2}, {3, 10, 2}, {10, 10, 2}, {11, 15, 5}, {42, 50, 10},
		{99, 100, 20}, {101, 150, 50}, {999, 1000, 200}, {1234, 1500, 500}, {87654, 100000, 20000},
	} {
		m, s := NiceAxis(c.peak)
		if m != c.max || s != c.step {
			t.Errorf("NiceAxis(%d) = %d step %d, want %d step %d", c.peak, m, s, c.max, c.step)
		}
	}
}

func TestChartRendersAxisBarsAndTable(t *testing.T) {
	c := NewBarChart("t", "Requests per month", "Requests", "request", "Nothing yet", []ChartPoint{
		{Label: "Feb", Long: "February 2026", Value: 0}, {Label: "Mar", Long: "March 2026", Value: 3},
	})
	var b strings.Builder
	if err := Chart(c).Render(context.Background(), &b); err != nil {
		t.Fatal(err)
	}
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if doc.Find("[data-testid=chart-empty]").Length() != 0 || doc.Find("svg[role=img] title#t-title").Length() != 1 {
		t.Fatal("a chart with data must draw the SVG with its title")
	}
	plot := c.BaseY - chartTop
	bar := c.Bars[1]
	if bar.H != 3*plot/10 || bar.H >= plot/2 {
		t.Errorf("3 of 10 is %d of %d units high", bar.H, plot)
	}
	if got := doc.Find("[data-testid=chart-bar]").Eq(1).Find("title").Text(); got != "March 2026: 3 requests" {
		t.Errorf("bar title %q", got)
	}
	if n := doc.Find("[data-testid=chart-label]").Length(); n != 2 {
		t.Errorf("%d axis labels", n)
	}
	if got := doc.Find("svg desc").Text(); !strings.Contains(got, "March 2026 3") || !strings.Contains(got, "0 to 10") {
		t.Errorf("description %q", got)
	}
	if doc.Find("details table caption").Text() != "Requests per month" || doc.Find("details tbody tr").Length() != 2 {
		t.Error("no table alternative in a disclosure")
	}
	empty := NewBarChart("e", "R", "Requests", "request", "Nothing yet", []ChartPoint{{Label: "Mar", Long: "March 2026"}})
	b.Reset()
	if err := Chart(empty).Render(context.Background(), &b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "Nothing yet") || strings.Contains(b.String(), "<svg") {
		t.Errorf("empty chart: %s", b.String())
	}
}
