package site_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/handlers/site"
	"github.com/claimcheck/claimcheck/internal/app/apptest"
	"github.com/claimcheck/claimcheck/internal/community"
	"github.com/claimcheck/claimcheck/internal/storerules"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
	"github.com/google/uuid"
)

// reviewEnv mounts the review and public expert pages the way the wiring does (minus csrf), with
// the real session middleware and role guard.
type reviewEnv struct {
	*apptest.Browser
	db      *database.DB
	stores  *models.Stores
	experts *models.ExpertStore
}

func newReviewEnv(t *testing.T, db *database.DB) *reviewEnv {
	t.Helper()
	e := apptest.Open(t, db, apptest.Options{})
	return &reviewEnv{Browser: e, db: db, stores: e.App.Stores, experts: models.NewExpertStore(db, storerules.Default())}
}

// votes counts the stored votes.
func (e *reviewEnv) votes(t *testing.T) int64 {
	t.Helper()
	var n int64
	if err := e.db.Gorm.Model(&models.ClaimVote{}).Count(&n).Error; err != nil {
		t.Fatal(err)
	}
	return n
}

// texts returns the normalised text of every element matching sel.
func texts(p apptest.Page, sel string) []string {
	var out []string
	p.Doc.Find(sel).Each(func(_ int, s *goquery.Selection) {
		out = append(out, strings.Join(strings.Fields(s.Text()), " "))
	})
	return out
}

func TestReviewQueueIsForExpertsAndAdmins(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newReviewEnv(t, db)
		apptest.SeedClaim(t, e.stores, "Sugar makes children hyperactive", "belirsiz", "health", time.Now().Add(-time.Hour))

		anon := e.Get(t, "/review", "")
		if anon.Status != http.StatusSeeOther || anon.Location != "/login?next=%2Freview" {
			t.Fatalf("anonymous: %d to %q", anon.Status, anon.Location)
		}
		_, user := e.Member(t, "user@example.org", "Plain User", models.RoleUser)
		e.Get(t, "/review", user).WantStatus(t, http.StatusForbidden)
		e.Get(t, "/review/profile", user).WantStatus(t, http.StatusForbidden)

		_, expert := e.Member(t, "expert@example.org", "Ada Expert", models.RoleExpert)
		p := e.Get(t, "/review", expert)
		p.WantStatus(t, http.StatusOK)
		if p.Doc.Find("[data-testid=queue-item]").Length() != 1 || p.Doc.Find("[data-testid=admin-note]").Length() != 0 {
			t.Fatalf("expert's queue: %s", p.Body)
		}
		if href, _ := p.Find(t, "[data-testid=profile-link]").Attr("href"); href != "/review/profile" {
			t.Errorf("profile link %q", href)
		}
		if cc := p.Header.Get("Cache-Control"); cc != "no-store" {
			t.Errorf("Cache-Control %q", cc)
		}
		if p.Doc.Find(`meta[name=robots][content=noindex]`).Length() != 1 {
			t.Error("the review queue may be indexed")
		}

		_, admin := e.Member(t, "admin@example.org", "Site Admin", models.RoleAdmin)
		a := e.Get(t, "/review", admin)
		a.WantStatus(t, http.StatusOK)
		if !strings.Contains(a.Text(t, "[data-testid=admin-note]"), "Only accounts with the expert role can vote") {
			t.Errorf("admin note: %q", a.Text(t, "[data-testid=admin-note]"))
		}
	})
}

func TestReviewQueueTabsPaginationAndEmptyStates(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newReviewEnv(t, db)
		me, cookie := e.Member(t, "expert@example.org", "Ada Expert", models.RoleExpert)

		empty := e.Get(t, "/review", cookie)
		empty.WantStatus(t, http.StatusOK)
		if kind, _ := empty.Find(t, "[data-testid=empty-state]").Attr("data-kind"); kind != "queue-empty" {
			t.Errorf("empty queue kind %q", kind)
		}
		if href, _ := empty.Find(t, "[data-testid=empty-action]").Attr("href"); href != "/review?tab=more" {
			t.Errorf("empty queue action %q", href)
		}
		more := e.Get(t, "/review?tab=more", cookie)
		if kind, _ := more.Find(t, "[data-testid=empty-state]").Attr("data-kind"); kind != "no-second-votes" {
			t.Errorf("empty needs-votes kind %q", kind)
		}

		t0 := time.Now().Add(-72 * time.Hour)
		var claims []*models.Claim
		for i := 0; i < site.ReviewQueuePerPage+3; i++ {
			claims = append(claims, apptest.SeedClaim(t, e.stores, fmt.Sprintf("Claim number %02d", i), "belirsiz", "health", t0.Add(time.Duration(i)*time.Minute)))
		}
		if err := e.stores.Claims.AddViews(context.Background(), map[string]int64{claims[3].ID: 5, claims[7].ID: 1}); err != nil {
			t.Fatal(err)
		}
		other, _ := e.Member(t, "other@example.org", "Other Expert", models.RoleExpert)
		svc := community.New(community.Config{Store: e.experts})
		if _, err := svc.Vote(context.Background(), community.VoteInput{ClaimID: claims[0].ID, ExpertID: other.ID, Verdict: "yanlis", Confidence: 1}); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Vote(context.Background(), community.VoteInput{ClaimID: claims[1].ID, ExpertID: me.ID, Verdict: "yanlis", Confidence: 1}); err != nil {
			t.Fatal(err)
		}

		p := e.Get(t, "/review", cookie)
		p.WantStatus(t, http.StatusOK)
		items := texts(p, "[data-testid=queue-claim]")
		if len(items) != site.ReviewQueuePerPage || items[0] != "Claim number 22" {
			t.Fatalf("newest tab: %d items, first %q", len(items), items[0])
		}
		if cur, _ := p.Find(t, "[data-testid=tab-newest]").Attr("aria-current"); cur != "page" {
			t.Errorf("newest tab not current")
		}
		if !strings.Contains(p.Text(t, "[data-testid=queue-count]"), "21 claims") {
			t.Errorf("count %q, want 21 unreviewed claims", p.Text(t, "[data-testid=queue-count]"))
		}
		row := p.Doc.Find("[data-testid=queue-item]").First()
		if v, _ := row.Find("[data-testid=item-verdict]").Attr("data-verdict"); v != "belirsiz" {
			t.Errorf("row verdict %q", v)
		}
		if href, _ := row.Find("[data-testid=queue-review]").Attr("href"); href != "/review/"+claims[22].ID {
			t.Errorf("review link %q", href)
		}
		// The seeded claims are belirsiz with no fact-check behind them: no analyzer score is shown.
		if row.Find("[data-testid=item-not-enough]").Length() != 1 || strings.Contains(row.Text(), "50/100") ||
			!strings.Contains(row.Find("[data-testid=queue-views]").Text(), "0 views") || !strings.Contains(row.Text(), "2 days ago") {
			t.Errorf("row %q lacks not enough evidence, views or age", strings.Join(strings.Fields(row.Text()), " "))
		}
		if next, _ := p.Find(t, "[data-testid=pagination-next]").Attr("href"); next != "/review?page=2" {
			t.Errorf("next page %q", next)
		}
		p2 := e.Get(t, "/review?page=2", cookie)
		if got := texts(p2, "[data-testid=queue-claim]"); strings.Join(got, "|") != "Claim number 02" {
			t.Errorf("page 2 lists %v, want the oldest unreviewed claim", got)
		}
		if prev, _ := p2.Find(t, "[data-testid=pagination-prev]").Attr("href"); prev != "/review" {
			t.Errorf("previous page %q", prev)
		}
		p3 := e.Get(t, "/review?page=3", cookie)
		if kind, _ := p3.Find(t, "[data-testid=empty-state]").Attr("data-kind"); kind != "past-end" {
			t.Errorf("page past the end: %q", kind)
		}

		viewed := e.Get(t, "/review?tab=viewed", cookie)
		got := texts(viewed, "[data-testid=queue-claim]")
		if got[0] != "Claim number 03" || got[1] != "Claim number 07" {
			t.Errorf("most viewed tab starts %v", got[:3])
		}
		if !strings.Contains(viewed.Doc.Find("[data-testid=queue-views]").First().Text(), "5 views") {
			t.Errorf("views shown %q", viewed.Doc.Find("[data-testid=queue-views]").First().Text())
		}
		more = e.Get(t, "/review?tab=more", cookie)
		if got := texts(more, "[data-testid=queue-claim]"); strings.Join(got, "|") != "Claim number 00" {
			t.Errorf("needs more votes tab %v, want only the claim another expert voted on", got)
		}

		for _, bad := range []string{"/review?tab=oldest", "/review?page=0", "/review?page=x"} {
			e.Get(t, bad, cookie).WantStatus(t, http.StatusBadRequest)
		}
	})
}

func TestReviewPageVoteSavesAndShowsCommunityScore(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newReviewEnv(t, db)
		cl := apptest.SeedClaim(t, e.stores, "Bats are blind", "belirsiz", "science", time.Now().Add(-time.Hour))
		_, cookie := e.Member(t, "expert@example.org", "Ada Expert", models.RoleExpert)
		path := "/review/" + cl.ID

		p := e.Get(t, path, cookie)
		p.WantStatus(t, http.StatusOK)
		if p.Text(t, "[data-testid=claim-text]") != "Bats are blind" || p.Doc.Find("[data-testid=subscore-source]").Length() != 1 {
			t.Fatalf("claim or sub-scores missing: %s", p.Body)
		}
		if p.Doc.Find("[data-testid=no-votes]").Length() != 1 || !strings.Contains(p.Text(t, "#vote-title"), "Your vote") {
			t.Errorf("first visit: %q", p.Text(t, "#vote-title"))
		}
		// Nothing decided the seeded belirsiz claim: the analysis card says so and shows no score.
		if got := p.Text(t, "[data-testid=ai-analysis] [data-testid=result-title]"); got != "Not enough evidence" ||
			p.Doc.Find("[data-testid=ai-analysis] [data-testid=score]").Length() != 0 {
			t.Errorf("analysis card %q shows a score or a wrong title", got)
		}
		radios := p.Doc.Find(`[data-testid=vote-form] input[type=radio][name=verdict]`)
		if radios.Length() != 4 || radios.Filter("[checked]").Length() != 0 {
			t.Fatalf("verdict radios: %d, %d checked", radios.Length(), radios.Filter("[checked]").Length())
		}
		for _, slug := range []string{"dogru", "kismen", "yanlis", "belirsiz"} {
			if p.Doc.Find(`label[for=verdict-`+slug+`]`).Length() != 1 {
				t.Errorf("verdict %s has no label", slug)
			}
		}
		// Confidence is three named levels, not a bare 0–1 number.
		if p.Doc.Find(`input[name=confidence][type=number]`).Length() != 0 {
			t.Error("the confidence is still a number field")
		}
		var levels []string
		p.Doc.Find(`[data-testid=confidence-field] fieldset input[type=radio][name=confidence]`).Each(func(_ int, s *goquery.Selection) {
			if p.Doc.Find(`label[for="`+s.AttrOr("id", "")+`"]`).Length() == 1 {
				levels = append(levels, s.AttrOr("value", ""))
			}
		})
		if strings.Join(levels, ",") != "low,medium,high" {
			t.Errorf("labelled confidence levels %v, want low, medium, high", levels)
		}
		if p.Doc.Find(`[data-testid=confidence-field] legend`).Length() != 1 {
			t.Error("the confidence levels have no legend")
		}
		if p.Doc.Find(`[data-testid=vote-form] input[name=_csrf]`).Length() != 1 {
			t.Error("the vote form has no CSRF field")
		}

		// Invalid input stays in place with errors next to the fields; nothing is stored.
		bad := e.Post(t, path, url.Values{"confidence": {"0.9"}, "note": {"Kept note"}, "sources": {"not a link"}}, cookie)
		bad.WantStatus(t, http.StatusUnprocessableEntity)
		for _, id := range []string{"verdict-error", "confidence-error", "sources-error"} {
			if bad.Doc.Find("[data-testid="+id+"]").Length() != 1 {
				t.Errorf("no %s", id)
			}
		}
		if bad.Doc.Find("[data-testid=form-errors] li").Length() != 3 {
			t.Errorf("error summary: %q", bad.Text(t, "[data-testid=form-errors]"))
		}
		// A number where a level belongs is refused in the form's own terms.
		if got := bad.Text(t, "[data-testid=confidence-error]"); !strings.Contains(got, "Choose how sure you are: low, medium or high.") {
			t.Errorf("confidence error %q", got)
		}
		if bad.Doc.Find("input[name=confidence][aria-invalid=true]").Length() != 3 || bad.Doc.Find("input[name=confidence][checked]").Length() != 0 {
			t.Error("the confidence levels are not marked invalid, or one is chosen")
		}
		if bad.Text(t, "#vote-note") != "Kept note" || bad.Text(t, "#vote-sources") != "not a link" {
			t.Errorf("note or sources not kept")
		}
		if e.votes(t) != 0 {
			t.Fatal("an invalid vote was stored")
		}

		ok := e.Post(t, path, url.Values{"verdict": {"yanlis"}, "confidence": {"medium"}, "note": {"Bats see well; many also echolocate."},
			"sources": {"https://www.example.org/bats\r\n\r\nhttps://en.wikipedia.org/wiki/Bat"}}, cookie)
		if ok.Status != http.StatusSeeOther || ok.Location != path+"?saved=1" {
			t.Fatalf("vote: %d to %q: %.300s", ok.Status, ok.Location, ok.Body)
		}
		after := e.Get(t, ok.Location, cookie)
		after.WantStatus(t, http.StatusOK)
		saved := after.Text(t, "[data-testid=vote-saved]")
		if !strings.Contains(saved, "community score is now 0 / 100 (Yanlış) from 1 expert, confidence 0.35") {
			t.Errorf("flash %q", saved)
		}
		if after.Text(t, "[data-testid=community-score]") != "0" || after.Text(t, "[data-testid=community-experts]") != "1" {
			t.Errorf("community summary %q", after.Text(t, "[data-testid=community]"))
		}
		vote := after.Find(t, "[data-testid=vote]")
		if !strings.Contains(vote.Text(), "Your vote") || vote.Find("a[rel~=nofollow]").Length() != 2 {
			t.Errorf("vote shown as %q", strings.Join(strings.Fields(vote.Text()), " "))
		}
		if !strings.Contains(after.Text(t, "#vote-title"), "Change your vote") {
			t.Errorf("heading %q", after.Text(t, "#vote-title"))
		}
		if c, _ := after.Find(t, "#verdict-yanlis").Attr("checked"); c != "checked" && !after.Find(t, "#verdict-yanlis").Is("[checked]") {
			t.Error("the current verdict is not preselected")
		}
		if !after.Find(t, "#confidence-medium").Is("[checked]") || after.Doc.Find("input[name=confidence][checked]").Length() != 1 {
			t.Error("the current confidence level is not preselected")
		}
		if after.Text(t, "#vote-sources") != "https://www.example.org/bats https://en.wikipedia.org/wiki/Bat" {
			t.Errorf("sources preset %q", after.Text(t, "#vote-sources"))
		}
		// Without a vote of one's own, ?saved=1 says nothing.
		_, other := e.Member(t, "other@example.org", "Other Expert", models.RoleExpert)
		if e.Get(t, path+"?saved=1", other).Doc.Find("[data-testid=vote-saved]").Length() != 0 {
			t.Error("a flash for a vote never made")
		}

		// Changing the vote updates the one row.
		if r := e.Post(t, path, url.Values{"verdict": {"kismen"}, "confidence": {"low"}}, cookie); r.Status != http.StatusSeeOther {
			t.Fatalf("change vote: %d", r.Status)
		}
		if e.votes(t) != 1 {
			t.Fatalf("%d votes after changing one", e.votes(t))
		}
		got, err := e.stores.Claims.Get(context.Background(), cl.ID)
		if err != nil || got.CommunityVerdict == nil || *got.CommunityVerdict != "kismen" {
			t.Fatalf("claim after the change: %+v %v", got, err)
		}
	})
}

func TestReviewPageRefusesAdminsUnknownClaimsAndHiddenClaims(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newReviewEnv(t, db)
		cl := apptest.SeedClaim(t, e.stores, "Goldfish have a three-second memory", "belirsiz", "science", time.Now())
		_, admin := e.Member(t, "admin@example.org", "Site Admin", models.RoleAdmin)
		p := e.Get(t, "/review/"+cl.ID, admin)
		p.WantStatus(t, http.StatusOK)
		if p.Doc.Find("[data-testid=vote-form]").Length() != 0 || p.Doc.Find("[data-testid=admin-note]").Length() != 1 {
			t.Fatal("an admin sees the vote form")
		}
		e.Post(t, "/review/"+cl.ID, url.Values{"verdict": {"yanlis"}, "confidence": {"high"}}, admin).WantStatus(t, http.StatusForbidden)
		e.Post(t, "/review/profile", url.Values{"bio": {"x"}}, admin).WantStatus(t, http.StatusForbidden)
		if e.votes(t) != 0 {
			t.Fatal("an admin's vote was stored")
		}
		_, expert := e.Member(t, "expert@example.org", "Ada Expert", models.RoleExpert)
		for _, path := range []string{"/review/00000000-0000-7000-8000-000000000000", "/review/not-a-claim"} {
			e.Get(t, path, expert).WantStatus(t, http.StatusNotFound)
			e.Post(t, path, url.Values{"verdict": {"yanlis"}, "confidence": {"high"}}, expert).WantStatus(t, http.StatusNotFound)
		}
		if err := db.Gorm.Exec("UPDATE claims SET hidden_at = ? WHERE id = ?", time.Now().UTC(), cl.ID).Error; err != nil {
			t.Fatal(err)
		}
		e.Get(t, "/review/"+cl.ID, expert).WantStatus(t, http.StatusNotFound)
		e.Post(t, "/review/"+cl.ID, url.Values{"verdict": {"yanlis"}, "confidence": {"high"}}, expert).WantStatus(t, http.StatusNotFound)
		if e.votes(t) != 0 {
			t.Fatal("a vote on a hidden claim was stored")
		}
	})
}

func TestExpertProfileFormValidatesAndSaves(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newReviewEnv(t, db)
		u, cookie := e.Member(t, "expert@example.org", "Ada Expert", models.RoleExpert)
		p := e.Get(t, "/review/profile", cookie)
		p.WantStatus(t, http.StatusOK)
		if !p.Find(t, "[data-testid=profile-public]").Is("[checked]") {
			t.Error("a new profile is not public by default")
		}
		many := ""
		for i := 0; i < site.MaxExpertiseTags+1; i++ {
			many += fmt.Sprintf("area %d, ", i)
		}
		cases := []struct {
			name  string
			form  url.Values
			field string
		}{
			{"bio too long", url.Values{"bio": {strings.Repeat("b", site.MaxBioChars+1)}, "public": {"on"}}, "bio"},
			{"too many areas", url.Values{"expertise": {many}}, "expertise"},
			{"area too long", url.Values{"expertise": {"ok, " + strings.Repeat("x", site.MaxExpertiseTagChars+1)}}, "expertise"},
			{"affiliation too long", url.Values{"affiliation": {strings.Repeat("a", site.MaxAffiliationChars+1)}}, "affiliation"},
			{"affiliation on two lines", url.Values{"affiliation": {"Hacettepe\nUniversity"}}, "affiliation"},
			{"credentials too long", url.Values{"credentials": {strings.Repeat("c", site.MaxCredentialsChars+1)}}, "credentials"},
		}
		for _, tc := range cases {
			r := e.Post(t, "/review/profile", tc.form, cookie)
			r.WantStatus(t, http.StatusUnprocessableEntity)
			if r.Doc.Find("[data-testid="+tc.field+"-error]").Length() != 1 {
				t.Errorf("%s: no error next to %s", tc.name, tc.field)
			}
		}
		if _, err := e.experts.Profile(context.Background(), u.ID); err == nil {
			t.Fatal("an invalid profile was saved")
		}
		r := e.Post(t, "/review/profile", url.Values{"bio": {"  Epidemiologist at a public hospital.  "},
			"expertise": {"Epidemiology, vaccines, , epidemiology,  public   health "}, "public": {"on"},
			"affiliation": {" Hacettepe University, Faculty of Medicine "}, "credentials": {"MD, PhD in epidemiology"}}, cookie)
		if r.Status != http.StatusSeeOther || r.Location != "/review/profile?saved=1" {
			t.Fatalf("save: %d %q", r.Status, r.Location)
		}
		saved := e.Get(t, r.Location, cookie)
		if saved.Doc.Find("[data-testid=profile-saved]").Length() != 1 {
			t.Error("no confirmation")
		}
		if v, _ := saved.Find(t, "#profile-expertise").Attr("value"); v != "Epidemiology, vaccines, public health" {
			t.Errorf("expertise shown as %q", v)
		}
		if saved.Text(t, "#profile-bio") != "Epidemiologist at a public hospital." {
			t.Errorf("bio %q", saved.Text(t, "#profile-bio"))
		}
		for id, want := range map[string]string{"#profile-affiliation": "Hacettepe University, Faculty of Medicine", "#profile-credentials": "MD, PhD in epidemiology"} {
			if v, _ := saved.Find(t, id).Attr("value"); v != want {
				t.Errorf("%s shown as %q, want %q", id, v, want)
			}
		}
		pub := e.Get(t, "/experts/"+u.ID, "")
		pub.WantStatus(t, http.StatusOK)
		if pub.Text(t, "[data-testid=expert-affiliation]") != "Hacettepe University, Faculty of Medicine" ||
			pub.Text(t, "[data-testid=expert-credentials]") != "MD, PhD in epidemiology" {
			t.Errorf("public profile affiliation %q, credentials %q", pub.Text(t, "[data-testid=expert-affiliation]"),
				pub.Text(t, "[data-testid=expert-credentials]"))
		}
		if list := e.Get(t, "/experts", ""); list.Text(t, "[data-testid=expert-affiliation]") != "Hacettepe University, Faculty of Medicine" {
			t.Errorf("the list shows affiliation %q", list.Text(t, "[data-testid=expert-affiliation]"))
		}
		if strings.Join(texts(pub, "[data-testid=expert-tags] li"), "|") != "Epidemiology|vaccines|public health" {
			t.Errorf("public tags %v", texts(pub, "[data-testid=expert-tags] li"))
		}
		// Turning the profile private removes the public page.
		if r := e.Post(t, "/review/profile", url.Values{"bio": {"x"}}, cookie); r.Status != http.StatusSeeOther {
			t.Fatalf("make private: %d", r.Status)
		}
		e.Get(t, "/experts/"+u.ID, "").WantStatus(t, http.StatusNotFound)
		if e.Get(t, "/review/profile", cookie).Find(t, "[data-testid=profile-public]").Is("[checked]") {
			t.Error("the private setting is not shown")
		}
	})
}

// TestReviewPagesSayWhatTheyMean covers what a UI review found: the verdict error named API slugs
// and lacked the icon and red bar of other fields, only the first bad source was reported, the
// profile hid "too many areas" behind "too long", pointed to an account page without a link and
// promised a name change that does not exist, every queue tab had the same intro, and the vote
// confirmation did not explain why one 0.9 vote gives confidence 0.45.
func TestReviewPagesSayWhatTheyMean(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newReviewEnv(t, db)
		_, cookie := e.Member(t, "expert@example.org", "Ada Expert", models.RoleExpert)
		cl := apptest.SeedClaim(t, e.stores, "Bats are blind.", "belirsiz", "science", time.Now().Add(-time.Hour))
		path := "/review/" + cl.ID

		// Vote form errors.
		bad := e.Post(t, path, url.Values{"confidence": {"high"}, "sources": {"notaurl\nftp://x.com/a"}}, cookie)
		bad.WantStatus(t, http.StatusUnprocessableEntity)
		for _, tc := range []struct{ sel, want string }{
			{"[data-testid=verdict-error]", "Choose a verdict: “Doğru”, “Kısmen doğru”, “Yanlış” or “Belirsiz”."},
			{"[data-testid=sources-error]", "Sources 1 and 2 are not a web address."},
		} {
			if got := bad.Text(t, tc.sel); !strings.Contains(got, tc.want) {
				t.Errorf("%s: %q, want it to contain %q", tc.sel, got, tc.want)
			}
		}
		if got := bad.Text(t, "[data-testid=verdict-error]"); strings.Contains(got, "dogru") || strings.Contains(got, "kismen") {
			t.Errorf("the verdict error names API slugs: %q", got)
		}
		// The grouped choices use the text fields' presentation: the same wrapper class, icon and prefix.
		field := bad.Find(t, "[data-testid=verdict-field]")
		if !field.HasClass("field") || !field.HasClass("field--error") {
			t.Errorf("verdict field classes %q, want field field--error", field.AttrOr("class", ""))
		}
		for _, id := range []string{"verdict-error", "sources-error"} {
			el := bad.Find(t, "[data-testid="+id+"]")
			if !el.HasClass("field__error") || el.Find("svg[aria-hidden=true]").Length() != 1 || el.Find(".visually-hidden").Text() != "Error: " {
				t.Errorf("%s is not drawn like a text field's error", id)
			}
		}
		if bad.Doc.Find("input[name=verdict][aria-invalid=true]").Length() != 4 {
			t.Error("the verdict radios are not marked invalid")
		}

		// The confirmation explains the numbers and links the rule.
		ok := e.Post(t, path, url.Values{"verdict": {"dogru"}, "confidence": {"high"}}, cookie)
		if ok.Status != http.StatusSeeOther {
			t.Fatalf("vote: %d %.300s", ok.Status, ok.Body)
		}
		after := e.Get(t, ok.Location, cookie)
		if got := after.Text(t, "[data-testid=vote-saved]"); !strings.Contains(got, "confidence 0.45") {
			t.Errorf("flash %q", got)
		}
		note := after.Text(t, "[data-testid=vote-saved-note]")
		for _, want := range []string{"agreement × mean confidence × (1 − 0.5ⁿ)", "With 1 expert that last factor is 0.5", "never fully sure"} {
			if !strings.Contains(note, want) {
				t.Errorf("saved note %q, want it to contain %q", note, want)
			}
		}
		if href := after.Find(t, "[data-testid=vote-saved-rule]").AttrOr("href", ""); href != "/docs#community-score" {
			t.Errorf("rule link %q", href)
		}

		// Each queue tab has its own intro.
		intros := map[string]string{}
		for _, tab := range []string{"", "?tab=viewed", "?tab=more"} {
			intros[e.Get(t, "/review"+tab, cookie).Text(t, "[data-testid=queue-intro]")] = tab
		}
		if len(intros) != 3 {
			t.Errorf("the tabs share intros: %v", intros)
		}
		for intro, tab := range intros {
			if tab == "?tab=more" && (strings.Contains(intro, "no expert has judged") || !strings.Contains(intro, "one other expert")) {
				t.Errorf("needs-votes intro %q", intro)
			}
		}

		// The profile: every expertise problem at once, and an honest, linked account note.
		long := strings.Repeat("x", site.MaxExpertiseTagChars+1)
		areas := long
		for i := 0; i < site.MaxExpertiseTags; i++ {
			areas += fmt.Sprintf(", area %d", i)
		}
		r := e.Post(t, "/review/profile", url.Values{"expertise": {areas}}, cookie)
		r.WantStatus(t, http.StatusUnprocessableEntity)
		msg := r.Text(t, "[data-testid=expertise-error]")
		for _, want := range []string{"characters long; keep each area to 40", "You listed 11 areas; list at most 10"} {
			if !strings.Contains(msg, want) {
				t.Errorf("expertise error %q, want it to contain %q", msg, want)
			}
		}
		p := e.Get(t, "/review/profile", cookie)
		nameNote := p.Text(t, "[data-testid=profile-name-note]")
		if strings.Contains(nameNote, "change it there") || !strings.Contains(nameNote, "cannot be changed here") {
			t.Errorf("name note %q", nameNote)
		}
		if href := p.Find(t, "[data-testid=account-security-link]").AttrOr("href", ""); href != "/account/security" {
			t.Errorf("account link %q", href)
		}
	})
}

// TestExpertConfirmsAttribution checks that an expert can confirm from the review page that a
// claim's firm published it, which makes the claim count toward the firm's trust score, and that
// the page says whether the claim counts.
func TestExpertConfirmsAttribution(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newReviewEnv(t, db)
		ctx := t.Context()
		fs := models.NewFirmStore(db, storerules.Default())
		f := &models.Firm{Name: "Reuters", Slug: "reuters"}
		if err := fs.Create(ctx, f, []string{"reuters.com"}); err != nil {
			t.Fatal(err)
		}
		src, dom := "https://www.reuters.com/a", "reuters.com"
		c := &models.Claim{ID: uuid.NewString(), Content: "Çay içmek kansere neden olur", Language: "tr", Category: "health",
			AIScore: 50, AIVerdict: "belirsiz", AISummary: "s", Analyzer: "offline", AnalyzerVersion: "t", SourceURL: &src, SourceDomain: &dom,
			Basis: `{"verdict":{"assessed":true,"method":"knowledge-base-match","detail":"Matched a fact-check."}}`, Matches: "[]", AnalysisMeta: "{}",
			CreatedAt: time.Now().UTC()}
		// A decided claim, so that it can move the firm's score.
		c.AIVerdict, c.AIScore = "yanlis", 0
		if err := e.stores.Claims.Create(ctx, c); err != nil {
			t.Fatal(err)
		}
		expert, expertCookie := e.Member(t, "expert@example.com", "Ada Expert", models.RoleExpert)
		_, adminCookie := e.Member(t, "admin@example.com", "Admin", models.RoleAdmin)

		p := e.Get(t, "/review/"+c.ID, expertCookie)
		p.WantStatus(t, http.StatusOK)
		sec := p.Find(t, "[data-testid=review-attribution]")
		if sec.AttrOr("data-confirmed", "") != "false" || !strings.Contains(sec.Text(), "Attributed by the submitter") ||
			sec.Find("[data-testid=confirm-attribution]").Length() != 1 {
			t.Fatalf("attribution before confirmation: %q", strings.Join(strings.Fields(sec.Text()), " "))
		}
		// An admin sees the state but confirms in the console, not here.
		a := e.Get(t, "/review/"+c.ID, adminCookie)
		if a.Doc.Find("[data-testid=confirm-attribution]").Length() != 0 {
			t.Error("the review page offers an admin the expert's confirmation")
		}
		if r := e.Post(t, "/review/"+c.ID+"/attribution", url.Values{}, adminCookie); r.Status != http.StatusForbidden {
			t.Errorf("admin confirmation on the review page: %d", r.Status)
		}
		if got, _ := fs.ByID(ctx, f.ID); got.TrustScore != nil {
			t.Fatalf("trust %v before confirmation", *got.TrustScore)
		}

		r := e.Post(t, "/review/"+c.ID+"/attribution", url.Values{}, expertCookie)
		if r.Status != http.StatusSeeOther || r.Location != "/review/"+c.ID+"?confirmed=1" {
			t.Fatalf("confirm: %d %q", r.Status, r.Location)
		}
		stored, _ := e.stores.Claims.Get(ctx, c.ID)
		if !stored.AttributionConfirmed() || stored.FirmConfirmedBy == nil || *stored.FirmConfirmedBy != expert.ID {
			t.Fatalf("stored confirmation by %v", stored.FirmConfirmedBy)
		}
		if got, _ := fs.ByID(ctx, f.ID); got.TrustScore == nil || *got.TrustScore != 41.67 {
			t.Errorf("trust after the expert's confirmation %v, want 41.67", got.TrustScore)
		}
		p = e.Get(t, r.Location, expertCookie)
		sec = p.Find(t, "[data-testid=review-attribution]")
		if sec.AttrOr("data-confirmed", "") != "true" || sec.Find("[data-testid=confirm-attribution]").Length() != 0 {
			t.Errorf("attribution after confirmation: %q", strings.Join(strings.Fields(sec.Text()), " "))
		}
	})
}
