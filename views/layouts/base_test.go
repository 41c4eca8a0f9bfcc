package layouts

import (
	"context"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// render renders Base for p as ctx's viewer sees it and parses the document.
func render(t *testing.T, ctx context.Context, p Page) *goquery.Document {
	t.Helper()
	var b strings.Builder
	if err := Base(p).Render(ctx, &b); err != nil {
		t.Fatal(err)
	}
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

func TestNavKeepsSlowListsInTheFooter(t *testing.T) {
	doc := render(t, context.Background(), Page{Title: "Home", Path: "/"})
	for _, href := range []string{"/firms", "/experts"} {
		if n := doc.Find(`.site-nav a[href="` + href + `"]`).Length(); n != 0 {
			t.Errorf("the header links to %s (%d), which is often an empty list", href, n)
		}
		if n := doc.Find(`[data-testid="footer-nav"] a[href="` + href + `"]`).Length(); n != 1 {
			t.Errorf("the footer links to %s %d times, want once", href, n)
		}
	}
	for _, href := range []string{"/", "/claims", "/live", "/pricing", "/docs", "/beta"} {
		if doc.Find(`.site-nav a[href="`+href+`"]`).Length() != 1 {
			t.Errorf("the header has no link to %s", href)
		}
	}
	// Pages without the public footer (the admin console) still reach nothing through it.
	if doc := render(t, context.Background(), Page{Title: "Admin", Path: "/admin", NoFooter: true}); doc.Find(`[data-testid="footer-nav"]`).Length() != 0 {
		t.Error("a page without the footer renders the footer directory")
	}
}

func TestNavMenuButtonWorksWithoutScript(t *testing.T) {
	doc := render(t, context.Background(), Page{Title: "Home", Path: "/"})
	box := doc.Find(`input[type="checkbox"]#nav-toggle[data-testid="nav-toggle"]`)
	if box.Length() != 1 {
		t.Fatal("no menu checkbox")
	}
	if ctl, _ := box.Attr("aria-controls"); ctl != "site-nav" || doc.Find(`nav#site-nav.site-nav`).Length() != 1 {
		t.Errorf("the menu checkbox controls %q; the nav must carry that id", ctl)
	}
	label := doc.Find(`label[for="nav-toggle"][data-testid="nav-menu-button"]`)
	if label.Length() != 1 || strings.TrimSpace(label.Text()) != "Menu" {
		t.Errorf("menu button label %q", label.Text())
	}
	// The CSS hides the nav on narrow screens until the checkbox, right before the label and
	// before the nav, is checked: the sibling selectors depend on that order.
	if !box.Next().Is(`label[for="nav-toggle"]`) || box.NextAll().Filter(`nav#site-nav`).Length() != 1 {
		t.Error("the checkbox must come right before its label and before the nav")
	}
}

func TestNavReviewForExperts(t *testing.T) {
	for _, c := range []struct {
		name          string
		v             *Viewer
		review, admin bool
	}{
		{"visitor", nil, false, false},
		{"user", &Viewer{Name: "Ada"}, false, false},
		{"expert", &Viewer{Name: "Ece", Expert: true}, true, false},
		{"admin", &Viewer{Name: "Ali", Admin: true}, true, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx := context.Background()
			if c.v != nil {
				ctx = WithViewer(ctx, *c.v)
			}
			doc := render(t, ctx, Page{Title: "Queue", Path: "/review"})
			rev := doc.Find(`.site-nav [data-testid="nav-review"] a[href="/review"]`)
			if (rev.Length() == 1) != c.review {
				t.Fatalf("review link present = %v, want %v", rev.Length() == 1, c.review)
			}
			if c.review {
				if cur, _ := rev.Attr("aria-current"); cur != "page" {
					t.Errorf("on /review the Review link has aria-current=%q, want page", cur)
				}
			}
			if got := doc.Find(`[data-testid="nav-admin"]`).Length() == 1; got != c.admin {
				t.Errorf("admin link present = %v, want %v", got, c.admin)
			}
		})
	}
}
