package docs

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/a-h/templ"
)

// tableLabels counts the table regions a page has named so far, so each gets a unique name.
type tableLabels struct{ seen map[string]int }

// tableLabelsKey holds the page's *tableLabels in the render context.
type tableLabelsKey struct{}

// withTableLabels renders c with a fresh label registry: every tableRegion inside gets an
// aria-label no other region of the page has (axe reports duplicate region names).
func withTableLabels(c templ.Component) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		return c.Render(context.WithValue(ctx, tableLabelsKey{}, &tableLabels{seen: map[string]int{}}), w)
	})
}

// uniqueTableLabel is label the first time a page uses it and "label (table N)" after, in
// document order. Outside withTableLabels it is label as given.
func uniqueTableLabel(ctx context.Context, label string) string {
	tl, _ := ctx.Value(tableLabelsKey{}).(*tableLabels)
	if tl == nil {
		return label
	}
	tl.seen[label]++
	if n := tl.seen[label]; n > 1 {
		return fmt.Sprintf("%s (table %d)", label, n)
	}
	return label
}

// tableLabel names a markdown table by its column headings ("Table: Header, Meaning"), what a
// screen-reader user needs to tell it from the page's other tables.
func tableLabel(head [][]Inline) string {
	cols := make([]string, 0, len(head))
	for _, h := range head {
		var b strings.Builder
		for _, in := range h {
			b.WriteString(in.Text)
		}
		if t := strings.TrimSpace(b.String()); t != "" {
			cols = append(cols, t)
		}
	}
	if len(cols) == 0 {
		return "Table"
	}
	return "Table: " + strings.Join(cols, ", ")
}
