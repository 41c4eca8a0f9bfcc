package admin_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
)

// moonReview is an uploaded fact-check the browser tests correct.
const moonReview = `{"@context":"https://schema.org","@type":"ClaimReview","url":"https://factcheck.example/moon-cheese",
"claimReviewed":"The moon is made of green cheese","inLanguage":"en","author":{"@type":"Organization","name":"Fact Desk"},
"reviewRating":{"@type":"Rating","alternateName":"True"},"reviewBody":"Imported with the wrong rating."}`

// TestAdminKnowledgeBrowser: admins find an entry by search and filters, correct it with
// field-by-field validation, retire it with a reason and restore it; every change is audited and
// a re-upload of the same fact-check leaves the correction alone.
func TestAdminKnowledgeBrowser(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newAdminEnv(t, db)
		ctx := context.Background()
		adm, tok := e.user(t, "kb@example.org", models.RoleAdmin)
		if r := e.upload(t, "moon.json", []byte(moonReview), tok); r.status != http.StatusOK {
			t.Fatalf("upload: %d", r.status)
		}
		stored, err := e.stores.Reviews.ByURL(ctx, "https://factcheck.example/moon-cheese")
		if err != nil || stored.Verdict != "dogru" {
			t.Fatalf("uploaded review: %+v %v", stored, err)
		}
		list := e.do(t, "GET", "/admin/knowledge?q=GREEN+cheese", nil, tok)
		if ids := rowIDs(list.doc, `[data-testid="kb-row"]`, "data-entry-id"); len(ids) != 1 || ids[0] != stored.ID {
			t.Fatalf("search: %v", ids)
		}
		row := list.doc.Find(`[data-testid="kb-row"]`)
		if href := row.Find(`[data-testid="kb-open"]`).AttrOr("href", ""); href != "/admin/knowledge/"+stored.ID {
			t.Errorf("row links %q", href)
		}
		if list.doc.Find(`[data-testid="kb-upload"]`).Length() != 1 || !strings.Contains(list.doc.Find(`[data-testid="kb-count"]`).Text(), "in the knowledge base") {
			t.Error("the page lost its upload form or count")
		}
		page := e.do(t, "GET", "/admin/knowledge/"+stored.ID, nil, tok)
		if v := page.doc.Find(`#entry-verdict option[selected]`).AttrOr("value", ""); v != "dogru" || page.doc.Find(`#entry-claim`).Text() != stored.ClaimReviewed {
			t.Fatalf("edit form: verdict %q claim %q", v, page.doc.Find(`#entry-claim`).Text())
		}
		if page.doc.Find(`[data-testid="entry-url"]`).AttrOr("href", "") != stored.URL {
			t.Error("the entry does not link its fact-check")
		}

		good := url.Values{"claim": {"The moon is made of green cheese"}, "verdict": {"yanlis"}, "rating": {"True"},
			"language": {"en"}, "publisher": {"Fact Desk"}, "body": {"Corrected: the publisher rated it false."}}
		bad := []struct {
			field, value, errID string
		}{
			{"claim", "   ", "error-claim"},
			{"claim", strings.Repeat("a", 5001), "error-claim"},
			{"verdict", "maybe", "error-verdict"},
			{"language", "klingon-ish", "error-language"},
			{"rating", strings.Repeat("r", 201), "error-rating"},
			{"body", "bad \x07 bell", "error-body"},
		}
		for _, b := range bad {
			form := url.Values{}
			for k, v := range good {
				form[k] = v
			}
			form.Set(b.field, b.value)
			r := e.do(t, "POST", "/admin/knowledge/"+stored.ID, form, tok)
			if r.status != http.StatusUnprocessableEntity || r.doc.Find(`[data-testid="`+b.errID+`"]`).Length() != 1 ||
				r.doc.Find(`[data-testid="entry-errors"]`).Length() != 1 {
				t.Errorf("%s=%.20q: status %d, want 422 with %s", b.field, b.value, r.status, b.errID)
			}
		}
		if got, _ := e.stores.Reviews.ByURL(ctx, stored.URL); got.Verdict != "dogru" || got.EditedAt != nil {
			t.Fatal("a refused edit changed the entry")
		}
		r := e.do(t, "POST", "/admin/knowledge/"+stored.ID, good, tok)
		if r.status != 303 || r.location != "/admin/knowledge/"+stored.ID+"?done=entry-saved" {
			t.Fatalf("edit: %d %q", r.status, r.location)
		}
		edited, _ := e.stores.Reviews.ByURL(ctx, stored.URL)
		if edited.Verdict != "yanlis" || edited.EditedBy == nil || *edited.EditedBy != adm.ID || edited.ReviewBody != good.Get("body") {
			t.Fatalf("stored after the edit: %+v", edited)
		}
		// The rating words were left as they were, so they follow the new verdict.
		if edited.TextualRating == nil || *edited.TextualRating != "Yanlış" {
			t.Errorf("rating words after a verdict change: %v", edited.TextualRating)
		}
		saved := e.do(t, "GET", r.location, nil, tok)
		if !strings.Contains(saved.doc.Find(`[data-testid="entry-edited"]`).Text(), "kb@example.org") ||
			saved.doc.Find(`[data-testid="notice"]`).Length() != 1 {
			t.Error("the entry page does not say who edited it")
		}
		// Re-uploading the fact-check with its original rating leaves the correction alone.
		up := e.upload(t, "moon.json", []byte(moonReview), tok)
		if res := up.doc.Find(`[data-testid="kb-result"]`).Text(); !strings.Contains(res, "kept 1 as an admin curated them") {
			t.Errorf("re-upload result %q", res)
		}
		if again, _ := e.stores.Reviews.ByURL(ctx, stored.URL); again.Verdict != "yanlis" {
			t.Errorf("a re-upload overwrote the admin's verdict: %q", again.Verdict)
		}

		retire := e.do(t, "GET", "/admin/knowledge/"+stored.ID, nil, tok).doc.Find(`details[data-testid="retire"]`)
		if retire.Find(`form[action="/admin/knowledge/`+stored.ID+`/retire"] input[name="reason"]`).Length() != 1 {
			t.Fatal("retire is not behind a confirmation with a reason")
		}
		if r := e.do(t, "POST", "/admin/knowledge/"+stored.ID+"/retire", url.Values{"reason": {" "}}, tok); r.status != 422 ||
			r.doc.Find(`[data-testid="error-reason"]`).Length() != 1 {
			t.Errorf("retire without reason: %d", r.status)
		}
		if r := e.do(t, "POST", "/admin/knowledge/"+stored.ID+"/retire", url.Values{"reason": {"Duplicate of a better check"}}, tok); r.status != 303 {
			t.Fatalf("retire: %d", r.status)
		}
		if ids := rowIDs(e.do(t, "GET", "/admin/knowledge?state=retired", nil, tok).doc, `[data-testid="kb-row"]`, "data-entry-id"); strings.Join(ids, ",") != stored.ID {
			t.Errorf("retired filter: %v", ids)
		}
		if ids := rowIDs(e.do(t, "GET", "/admin/knowledge?state=active&q=green", nil, tok).doc, `[data-testid="kb-row"]`, "data-entry-id"); len(ids) != 0 {
			t.Errorf("active filter lists the retired entry: %v", ids)
		}
		shown := e.do(t, "GET", "/admin/knowledge/"+stored.ID, nil, tok)
		if st := shown.doc.Find(`[data-testid="entry-state"]`).Text(); !strings.Contains(st, "Duplicate of a better check") || shown.doc.Find(`[data-testid="restore"]`).Length() != 1 {
			t.Errorf("retired entry page: %q", st)
		}
		if r := e.do(t, "POST", "/admin/knowledge/"+stored.ID+"/restore", url.Values{}, tok); r.status != 303 {
			t.Fatalf("restore: %d", r.status)
		}
		if back, _ := e.stores.Reviews.ByURL(ctx, stored.URL); back.Retired() || back.Verdict != "yanlis" {
			t.Errorf("after restore: %+v", back)
		}
		if ids := rowIDs(e.do(t, "GET", "/admin/knowledge?state=edited&verdict=yanlis", nil, tok).doc, `[data-testid="kb-row"]`, "data-entry-id"); strings.Join(ids, ",") != stored.ID {
			t.Errorf("edited+verdict filter: %v", ids)
		}
		want := "knowledge.import,knowledge.edit,knowledge.import,knowledge.retire,knowledge.restore"
		if got := strings.Join(e.auditActions(t), ","); got != want {
			t.Errorf("audit: %s, want %s", got, want)
		}
		es, _ := e.audit.List(ctx, models.AuditFilter{Limit: 10})
		for _, x := range es {
			if x.Action != "knowledge.edit" {
				continue
			}
			var d struct {
				Verdict struct{ From, To string } `json:"verdict"`
			}
			if err := json.Unmarshal([]byte(x.Detail), &d); err != nil || d.Verdict.From != "dogru" || d.Verdict.To != "yanlis" {
				t.Errorf("the edit's audit entry lacks the verdict change: %s", x.Detail)
			}
		}
	})
}
