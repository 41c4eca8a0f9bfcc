package app_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/chromedp/chromedp"
	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/app/apptest"
	"github.com/claimcheck/claimcheck/internal/checking"
	"github.com/claimcheck/claimcheck/internal/i18n"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
)

// englishLeft lists the pieces of English message text (literal runs between template fields,
// tags stripped) whose Turkish message differs, so finding one on a Turkish page means an
// untranslated string. Runs shorter than 4 letters are too common to tell anything.
func englishLeft(t *testing.T) []string {
	t.Helper()
	en, err := i18n.Messages(i18n.EN)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := i18n.Messages(i18n.TR)
	if err != nil {
		t.Fatal(err)
	}
	field := regexp.MustCompile(`\{\{[^}]*\}\}|<[^>]*>`)
	var turkish strings.Builder
	for _, forms := range tr {
		turkish.WriteString(strings.Join(forms, "\n") + "\n")
	}
	var out []string
	for id, forms := range en {
		for i, f := range forms {
			if i < len(tr[id]) && tr[id][i] == f {
				continue
			}
			for _, run := range field.Split(f, -1) {
				run = strings.Trim(strings.TrimSpace(run), ".,;:()“”\"")
				// A run the Turkish copy uses too (a brand such as "Google Fact Check") is not English left.
				if len([]rune(run)) >= 4 && !slices.Contains(out, run) && !wordIn(turkish.String(), run) {
					out = append(out, run)
				}
			}
		}
	}
	return out
}

// visibleText is what a reader (or a screen reader) gets from the page in the page's language:
// the body's text and the attributes that are read out or shown. Content marked as another
// language (lang="en": an analyzer's stored English sentence) or as not to be translated
// (translate="no": a claim, a publisher's own words) is data, not the site's copy.
func visibleText(doc *goquery.Document) string {
	var b strings.Builder
	doc.Find(`script, style, body [lang="en"], [translate="no"]`).Remove()
	b.WriteString(doc.Find("title").Text() + "\n")
	b.WriteString(doc.Find("body").Text() + "\n")
	doc.Find("[title], [aria-label], [placeholder], [alt], [data-submitting-text], meta[name=description]").Each(func(_ int, s *goquery.Selection) {
		for _, a := range []string{"title", "aria-label", "placeholder", "alt", "data-submitting-text", "content"} {
			if v, ok := s.Attr(a); ok {
				b.WriteString(v + "\n")
			}
		}
	})
	return strings.Join(strings.Fields(b.String()), " ")
}

// wordIn reports whether run occurs in text as whole words.
func wordIn(text, run string) bool {
	re := regexp.MustCompile(`(^|[^\pL])` + regexp.QuoteMeta(run) + `($|[^\pL])`)
	return re.MatchString(text)
}

// TestTurkishPagesHaveNoEnglishLeft renders every translated public page in Turkish, chosen by
// the browser's Accept-Language and by ?lang=tr, and fails on any English message text, a wrong
// <html lang>, or hreflang and canonical links that do not point at each language's version.
func TestTurkishPagesHaveNoEnglishLeft(t *testing.T) {
	english := englishLeft(t)
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		b := apptest.Open(t, db, apptest.Options{})
		// A claim checked through the form, so its page carries a real analysis and basis.
		res := b.Post(t, "/", url.Values{"claim": {"Aşılar otizme neden olur"}, "source_url": {"https://www.bbc.co.uk/news/health"}})
		if res.Status != http.StatusSeeOther {
			t.Fatalf("checking a claim: %d", res.Status)
		}
		claim := res.Location
		// A firm whose domain the claim appeared on, so its page has a claim and a history.
		firm := &models.Firm{Slug: "bbc", Name: "BBC", Description: "Britanya'nın kamu yayıncısı.", Website: "https://www.bbc.co.uk"}
		if err := b.App.Stores.Firms.Create(t.Context(), firm, []string{"bbc.co.uk"}); err != nil {
			t.Fatal(err)
		}
		pages := []struct {
			path      string
			status    int
			canonical string // the page's language-neutral canonical address ("" = none)
		}{
			{"/", http.StatusOK, apptest.BaseURL + "/"},
			{claim, http.StatusOK, apptest.BaseURL + claim},
			{"/live", http.StatusOK, apptest.BaseURL + "/live"},
			{"/firms", http.StatusOK, apptest.BaseURL + "/firms"},
			{"/beta", http.StatusOK, ""},
			{"/experts", http.StatusOK, apptest.BaseURL + "/experts"},
			{"/firms/bbc", http.StatusOK, apptest.BaseURL + "/firms/bbc"},
			{"/firms/no-such-firm", http.StatusNotFound, ""},
			{"/no-such-page", http.StatusNotFound, ""},
			{"/claims/not-a-uuid", http.StatusNotFound, ""},
		}
		for _, pg := range pages {
			for _, how := range []string{"accept-language", "query"} {
				path := pg.path
				req := httptest.NewRequest(http.MethodGet, path, nil)
				if how == "query" {
					req = httptest.NewRequest(http.MethodGet, path+"?lang=tr", nil)
				} else {
					req.Header.Set("Accept-Language", "tr-TR,tr;q=0.9,en;q=0.5")
				}
				p := b.Do(t, req)
				if p.Status != pg.status {
					t.Errorf("%s (%s): status %d, want %d", path, how, p.Status, pg.status)
					continue
				}
				if lang := p.Doc.Find("html").AttrOr("lang", ""); lang != "tr" {
					t.Errorf("%s (%s): <html lang=%q>, want tr", path, how, lang)
				}
				self := apptest.BaseURL + pg.path
				if pg.canonical != "" {
					self = pg.canonical
					if got := p.Doc.Find(`link[rel=canonical]`).AttrOr("href", ""); got != self+"?lang=tr" {
						t.Errorf("%s (%s): canonical %q, want %q", path, how, got, self+"?lang=tr")
					}
				}
				for hl, want := range map[string]string{"tr": self + "?lang=tr", "en": self + "?lang=en", "x-default": self} {
					if got := p.Doc.Find(`link[rel=alternate][hreflang="`+hl+`"]`).AttrOr("href", ""); got != want {
						t.Errorf("%s (%s): hreflang %s → %q, want %q", path, how, hl, got, want)
					}
				}
				if how == "query" && !strings.Contains(strings.Join(p.Header.Values("Set-Cookie"), "\n"), "lang=tr") {
					t.Errorf("%s: ?lang=tr did not set the language cookie", path)
				}
				text := visibleText(p.Doc)
				for _, run := range english {
					if wordIn(text, run) {
						t.Errorf("%s (%s): English left on the Turkish page: %q", path, how, run)
					}
				}
			}
		}
	})
}

// TestLanguageChoiceOrder checks which language wins: ?lang=, then the cookie, then the account,
// then Accept-Language, then English; and that the switcher's choice becomes the account's.
func TestLanguageChoiceOrder(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		b := apptest.Open(t, db, apptest.Options{})
		langOf := func(p apptest.Page) string { return p.Doc.Find("html").AttrOr("lang", "") }
		get := func(path, accept, cookie, session string) apptest.Page {
			req := httptest.NewRequest(http.MethodGet, path, nil)
			if accept != "" {
				req.Header.Set("Accept-Language", accept)
			}
			if cookie != "" {
				req.AddCookie(&http.Cookie{Name: "lang", Value: cookie})
			}
			if session != "" {
				req.AddCookie(&http.Cookie{Name: "cc_session", Value: session})
			}
			return b.Do(t, req)
		}
		for _, tc := range []struct {
			name, path, accept, cookie, want string
		}{
			{"nothing asked", "/", "", "", "en"},
			{"unknown language", "/", "de-DE", "", "en"},
			{"browser", "/", "tr", "", "tr"},
			{"cookie beats browser", "/", "tr", "en", "en"},
			{"link beats cookie", "/?lang=tr", "en", "en", "tr"},
			{"bad value ignored", "/?lang=xx", "tr", "", "tr"},
		} {
			if got := langOf(get(tc.path, tc.accept, tc.cookie, "")); got != tc.want {
				t.Errorf("%s: lang %q, want %q", tc.name, got, tc.want)
			}
		}
		// A signed-in account's language beats the browser's…
		u, session := b.Member(t, "dil@example.org", "Dil", models.RoleUser)
		if err := b.App.Stores.Accounts.SetLanguage(t.Context(), u.ID, "tr", u.CreatedAt); err != nil {
			t.Fatal(err)
		}
		if got := langOf(get("/", "en-GB", "", session)); got != "tr" {
			t.Errorf("account language: lang %q, want tr", got)
		}
		// …and the switcher's choice becomes the account's, for its mail.
		if got := langOf(get("/?lang=en", "tr", "", session)); got != "en" {
			t.Errorf("switching to English: lang %q", got)
		}
		stored, err := b.App.Stores.Accounts.UserByID(t.Context(), u.ID)
		if err != nil {
			t.Fatal(err)
		}
		if stored.Language != "en" {
			t.Errorf("account language after switching: %q, want en", stored.Language)
		}
		// The switcher links this page in each language, without JavaScript.
		p := get("/claims?q=a%C5%9F%C4%B1&lang=tr", "", "", "")
		if href := p.Doc.Find(`[data-testid=lang-switch] a[hreflang=en]`).AttrOr("href", ""); href != "/claims?lang=en&q=a%C5%9F%C4%B1" {
			t.Errorf("switcher link to English %q keeps neither the path nor the search", href)
		}
		if p.Doc.Find(`[data-testid=lang-switch] a[aria-current]`).AttrOr("hreflang", "") != "tr" {
			t.Error("the switcher does not mark the current language")
		}
	})
}

// TestSignUpInTurkishStoresTheLanguageAndMailsInIt signs up on a Turkish page: the account keeps
// Turkish, and the verification mail's subject, text and HTML parts are Turkish, as is the page
// the mail's link opens for a browser that chose Turkish.
func TestSignUpInTurkishStoresTheLanguageAndMailsInIt(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		b := apptest.Open(t, db, apptest.Options{})
		tr := &http.Cookie{Name: "lang", Value: "tr"}
		form := url.Values{"email": {"ayse@example.org"}, "password": {apptest.TestPassword}, "name": {"Ayşe"}}
		res := b.SendCookies(t, http.MethodPost, "/signup", form, "", tr)
		if res.Status >= 400 {
			t.Fatalf("sign-up: %d", res.Status)
		}
		u, err := b.App.Stores.Accounts.UserByEmail(t.Context(), "ayse@example.org")
		if err != nil {
			t.Fatal(err)
		}
		if u.Language != "tr" {
			t.Errorf("account language %q, want tr", u.Language)
		}
		m, _ := b.MailTo(t, "ayse@example.org", "verify:")
		for part, text := range map[string]string{"subject": m.Subject, "text": m.TextBody, "html": m.HTMLBody} {
			for _, want := range map[string][]string{
				"subject": {"E-posta adresinizi doğrulayın"},
				"text":    {"Merhaba Ayşe,", "E-posta adresini doğrula:", "48 saat", "Claimcheck hesabınızda"},
				"html":    {`<html lang="tr">`, "Merhaba Ayşe,", "E-posta adresini doğrula", "Ya da bu bağlantıyı açın:"},
			}[part] {
				if !strings.Contains(text, want) {
					t.Errorf("verification mail %s lacks %q:\n%s", part, want, text)
				}
			}
			for _, english := range []string{"Confirm", "Hello", "expires"} {
				if strings.Contains(text, english) {
					t.Errorf("verification mail %s still says %q", part, english)
				}
			}
		}
		// An English sign-up stays English, as before.
		form = url.Values{"email": {"ann@example.org"}, "password": {apptest.TestPassword}, "name": {"Ann"}}
		if res := b.SendCookies(t, http.MethodPost, "/signup", form, ""); res.Status >= 400 {
			t.Fatalf("sign-up: %d", res.Status)
		}
		m, _ = b.MailTo(t, "ann@example.org", "verify:")
		if m.Subject != "Confirm your email address" || !strings.Contains(m.TextBody, "Hello Ann,") {
			t.Errorf("English verification mail: %q\n%s", m.Subject, m.TextBody)
		}
	})
}

// TestBrowserAxeTurkish runs axe-core (compat/axe) on the translated pages in Turkish at 1280 and
// 375 px: no violations, and nothing scrolls sideways though Turkish words run longer.
func TestBrowserAxeTurkish(t *testing.T) {
	src := axeSource(t)
	for _, d := range testdb.Dialects() {
		t.Run(string(d), func(t *testing.T) {
			ctx := browserWithin(t, 4*time.Minute)
			s := startServer(t, testdb.Open(t, d), nil)
			claim, err := s.app.Checker.Check(context.Background(), checking.Input{Claim: "Aşılar otizme neden olur", SourceURL: "https://www.bbc.co.uk/news/health"}, nil)
			if err != nil {
				t.Fatal(err)
			}
			firm := &models.Firm{Slug: "bbc", Name: "BBC", Description: "Britanya'nın kamu yayıncısı.", Website: "https://www.bbc.co.uk"}
			if err := s.app.Stores.Firms.Create(context.Background(), firm, []string{"bbc.co.uk"}); err != nil {
				t.Fatal(err)
			}
			checkAxe(t, ctx, s.base, src, []axePage{
				{name: "home (tr)", path: "/?lang=tr"},
				{name: "claim (tr)", path: "/claims/" + claim.ID + "?lang=tr"},
				{name: "live (tr)", path: "/live?lang=tr"},
				{name: "login (tr)", path: "/login?lang=tr"},
				{name: "sign-up (tr)", path: "/signup?lang=tr"},
				{name: "not found (tr)", path: "/no-such-page?lang=tr"},
				{name: "firms (tr)", path: "/firms?lang=tr"},
				{name: "firm (tr)", path: "/firms/bbc?lang=tr"},
				{name: "experts (tr)", path: "/experts?lang=tr"},
				{name: "beta (tr)", path: "/beta?lang=tr"},
				{name: "bad page number (tr)", path: "/claims?page=nope&lang=tr"},
			})
		})
	}
}

// TestBrowserTurkishJourney is a Turkish visitor in Chromium at phone width: switch the language
// with the header link, check a claim, sign up, receive the verification mail and land on the
// dashboard. Every step's page is Turkish — its heading, <html lang>, and no English message text
// in what it shows — and so are the mail's subject, text and HTML.
func TestBrowserTurkishJourney(t *testing.T) {
	english := englishLeft(t)
	for _, d := range testdb.Dialects() {
		t.Run(string(d), func(t *testing.T) {
			ctx := browser(t)
			s := startServer(t, testdb.Open(t, d), nil)
			lang := func() string {
				l, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.documentElement.lang`))
				if err != nil {
					t.Fatal(err)
				}
				return l
			}
			// turkish checks the page in the browser: <html lang="tr">, the heading want, and no
			// English message text in what it shows (content marked as English or not to translate
			// is data: a stored analyzer sentence, a claim).
			turkish := func(step, heading, want string) {
				t.Helper()
				if l := lang(); l != "tr" {
					t.Errorf("%s: <html lang=%q>, want tr", step, l)
				}
				if h := strings.TrimSpace(text(t, ctx, chromedp.Text(heading))); h != want {
					t.Errorf("%s: heading %q, want %q", step, h, want)
				}
				shown := text(t, ctx, chromedp.Evaluate[string](`(() => {
					const body = document.body.cloneNode(true);
					body.querySelectorAll('script, style, [lang="en"], [translate="no"]').forEach(e => e.remove());
					const attrs = [...document.querySelectorAll('[aria-label], [placeholder], [title], [alt]')]
						.filter(e => !e.closest('[lang="en"], [translate="no"]'))
						.map(e => ['aria-label', 'placeholder', 'title', 'alt'].map(a => e.getAttribute(a) || '').join(' '));
					return document.title + ' ' + body.textContent + ' ' + attrs.join(' ');
				})()`))
				shown = strings.Join(strings.Fields(shown), " ")
				if !strings.Contains(shown, want) {
					t.Fatalf("%s: the page text read from the browser lacks its own heading %q: %.300q", step, want, shown)
				}
				for _, run := range english {
					if wordIn(shown, run) {
						t.Errorf("%s: English left on the Turkish page: %q", step, run)
					}
				}
			}
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(375, 800), chromedp.Navigate(s.base+"/"),
				chromedp.WaitVisible(`[data-testid="claim-form"]`)); err != nil {
				t.Fatal(err)
			}
			if l := lang(); l != "en" {
				t.Fatalf("a browser that asked for nothing gets %q, want en", l)
			}
			// The switcher is visible at phone width, one tap.
			if err := chromedp.Do(ctx,
				chromedp.Click(`[data-testid="lang-switch"] a[hreflang="tr"]`),
				chromedp.WaitVisible(`[data-testid="claim-form"]`),
			); err != nil {
				t.Fatalf("switch the language: %v", err)
			}
			turkish("home after switching", "#home-title", "Bir iddiayı sorgulayın")
			if err := chromedp.Do(ctx,
				chromedp.SendKeys(`textarea[name="claim"]`, "Aşılar otizme neden olur"),
				chromedp.Submit(`[data-testid="claim-form"]`),
				chromedp.WaitVisible(`[data-testid="verdict-badge"]`),
			); err != nil {
				t.Fatalf("check a claim: %v", err)
			}
			turkish("claim page", "#method-title", "Bu sonuç nasıl hesaplandı?")
			// Status labels are upper-cased by CSS; under <html lang="tr"> the browser applies the
			// Turkish rules, so i becomes İ and ı becomes I.
			if used := text(t, ctx, chromedp.Text(`[data-testid="match-used"]`)); used != "HÜKÜM BURADAN ALINDI" {
				t.Errorf("matched fact-check label %q, want HÜKÜM BURADAN ALINDI", used)
			}
			if st := text(t, ctx, chromedp.Text(`[data-testid="basis-verdict"] .status`)); st != "DEĞERLENDİRİLDİ" {
				t.Errorf("basis status %q, want DEĞERLENDİRİLDİ (Turkish dotted capital İ)", st)
			}
			email := "ayse-" + string(d) + "@haber.example"
			if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/signup"), chromedp.WaitVisible(`input[name="email"]`)); err != nil {
				t.Fatal(err)
			}
			turkish("sign-up page", "h1", "Hesabınızı oluşturun")
			if err := chromedp.Do(ctx,
				chromedp.SendKeys(`input[name="name"]`, "Ayşe Yılmaz"),
				chromedp.SendKeys(`input[name="email"]`, email),
				chromedp.SendKeys(`input[name="password"]`, "kirmizi-Balon-42-uçuyor"),
				chromedp.Click(`[data-testid="submit"]`),
				chromedp.WaitVisible(`[data-testid="account"]`),
			); err != nil {
				t.Fatalf("sign up: %v", err)
			}
			turkish("dashboard", "[data-testid=account] h1", "Hesabınız")
			if got := text(t, ctx, chromedp.Text(`[data-testid="account"]`)); !strings.Contains(got, "Ayşe Yılmaz olarak oturum açtınız.") {
				t.Errorf("the dashboard does not greet the account in Turkish:\n%s", got)
			}
			u, err := s.app.Stores.Accounts.UserByEmail(context.Background(), email)
			if err != nil {
				t.Fatal(err)
			}
			if u.Language != "tr" {
				t.Errorf("the account's language is %q, want tr", u.Language)
			}
			mails, err := s.app.Stores.Outbox.List(context.Background(), 10)
			if err != nil {
				t.Fatal(err)
			}
			found := false
			for _, m := range mails {
				if m.ToAddr != email || !strings.HasPrefix(m.DedupeKey, "verify:") {
					continue
				}
				found = true
				if m.Subject != "E-posta adresinizi doğrulayın" {
					t.Errorf("verification mail subject %q, want it in Turkish", m.Subject)
				}
				for part, want := range map[string][]string{
					m.TextBody: {"Merhaba Ayşe Yılmaz,", "E-posta adresini doğrula:", "48 saat", "Claimcheck hesabınızda"},
					m.HTMLBody: {`<html lang="tr">`, "Merhaba Ayşe Yılmaz,", "E-posta adresini doğrula", "Ya da bu bağlantıyı açın:"},
				} {
					for _, w := range want {
						if !strings.Contains(part, w) {
							t.Errorf("verification mail lacks %q:\n%s", w, part)
						}
					}
					for _, english := range []string{"Confirm", "Hello", "expires", "address"} {
						if strings.Contains(part, english) {
							t.Errorf("verification mail still says %q:\n%s", english, part)
						}
					}
				}
			}
			if !found {
				t.Error("no verification mail")
			}
		})
	}
}
