package app_test

import (
	"bytes"
	"context"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/chromedp/chromedp"
	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/handlers/web"
	"github.com/claimcheck/claimcheck/internal/app/apptest"
	"github.com/claimcheck/claimcheck/internal/checking"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
)

// noEnglishLeft fails when the Turkish page p shows a piece of English message text, and when it
// lacks any of the Turkish sentences want (which say that the error state was reached at all).
func noEnglishLeft(t *testing.T, english []string, what string, p apptest.Page, want ...string) {
	t.Helper()
	if lang := p.Doc.Find("html").AttrOr("lang", ""); lang != "tr" {
		t.Errorf("%s: <html lang=%q>, want tr", what, lang)
	}
	text := visibleText(p.Doc)
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Errorf("%s: the Turkish page lacks %q:\n%s", what, w, text)
		}
	}
	for _, run := range english {
		if wordIn(text, run) {
			t.Errorf("%s: English left on the Turkish page: %q", what, run)
		}
	}
}

// TestTurkishFormErrorsHaveNoEnglishLeft sends the forms whose field errors used to be English
// on Turkish pages — webhooks (with the second rotation and a disabled endpoint), contact sales,
// the expert's vote and profile, the firm console's domains and a knowledge-base import — and
// fails on any English message text or a missing Turkish error. The key list's screen-reader
// labels are checked for Turkish word order too.
func TestTurkishFormErrorsHaveNoEnglishLeft(t *testing.T) {
	english := englishLeft(t)
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		b := apptest.Open(t, db, apptest.Options{WebhookResolver: apptest.Resolver{
			"hooks.example.com": "93.184.216.34", "internal.example": "10.1.2.3"}})
		tr := &http.Cookie{Name: "lang", Value: "tr"}
		send := func(path string, form url.Values, session string) apptest.Page {
			return b.SendCookies(t, http.MethodPost, path, form, session, tr)
		}
		get := func(path, session string) apptest.Page {
			return b.SendCookies(t, http.MethodGet, path, nil, session, tr)
		}

		// Webhooks: every field wrong, then a host that resolves to a private address.
		u, session := b.Member(t, "ayse@example.org", "Ayşe", models.RoleUser)
		if err := db.Gorm.Exec("UPDATE users SET beta_access_at = ? WHERE id = ?", time.Now().UTC(), u.ID).Error; err != nil {
			t.Fatal(err)
		}
		p := send("/account/webhooks", url.Values{"url": {"ftp://hooks.example.com/"}, "description": {strings.Repeat("a", 201)}}, session)
		if p.Status != http.StatusUnprocessableEntity {
			t.Fatalf("bad webhook: %d", p.Status)
		}
		noEnglishLeft(t, english, "webhook form errors", p, "https:// ya da http:// ile başlayan bir URL kullanın.",
			"En az bir olay türü seçin: claim.created, claim.analysed, claim.score_changed.", "Açıklama için en çok 200 karakter kullanın.")
		p = send("/account/webhooks", url.Values{"url": {"https://internal.example/hook"}, "event_types": {"claim.created", "nope"}}, session)
		noEnglishLeft(t, english, "webhook private host", p, "internal.example sunucusu 10.1.2.3 adresine çözümleniyor",
			"Bilinmeyen olay türü “nope”.")
		// A registered endpoint rotated twice, then disabled by its owner.
		if p = send("/account/webhooks", url.Values{"url": {"https://hooks.example.com/claimcheck"}, "event_types": {"claim.created"}}, session); p.Status != http.StatusOK {
			t.Fatalf("adding an endpoint: %d", p.Status)
		}
		eps, err := b.App.Stores.Webhooks.ListEndpoints(t.Context(), models.WebhookOwner{UserID: u.ID})
		if err != nil || len(eps) != 1 {
			t.Fatalf("endpoints: %v %v", eps, err)
		}
		ep := "/account/webhooks/" + eps[0].ID
		send(ep+"/rotate", url.Values{}, session)
		p = send(ep+"/rotate", url.Values{}, session)
		if p.Status != http.StatusConflict {
			t.Fatalf("second rotation: %d", p.Status)
		}
		noEnglishLeft(t, english, "second rotation", p, "Anahtar 24 saatten kısa bir süre önce yenilendi")
		// A delivery the sender gave up on: its stored English error is marked as English.
		if p = send(ep+"/test", url.Values{}, session); p.Status != http.StatusSeeOther {
			t.Fatalf("sending a test event: %d", p.Status)
		}
		if err := db.Gorm.Exec("UPDATE webhook_deliveries SET state = ?, last_error = ? WHERE endpoint_id = ?",
			models.DeliveryDead, "timed out: context deadline exceeded", eps[0].ID).Error; err != nil {
			t.Fatal(err)
		}
		p = get(ep, session)
		if got := p.Doc.Find(`[data-testid="delivery-error"] [lang="en"]`).Text(); got != "timed out: context deadline exceeded" {
			t.Errorf("the delivery's stored English error %q is not marked as English", got)
		}
		noEnglishLeft(t, english, "endpoint with a failed delivery", p, "Vazgeçildi")
		send(ep+"/disable", url.Values{}, session)
		noEnglishLeft(t, english, "disabled endpoint", get(ep, session), "Sizin tarafınızdan devre dışı bırakıldı.")

		// Contact sales: no name and a bad address.
		p = send("/pricing/contact", url.Values{"name": {""}, "email": {"nope"}, "message": {"Merhaba"}}, "")
		if p.Status != http.StatusUnprocessableEntity {
			t.Fatalf("bad contact form: %d", p.Status)
		}
		noEnglishLeft(t, english, "contact-sales errors", p, "Adınızı girin; en çok 200 karakter.", "Geçerli bir e-posta adresi girin")

		// The expert's vote and profile.
		_, expert := b.Member(t, "uzman@example.org", "Zeynep", models.RoleExpert)
		res := b.Post(t, "/", url.Values{"claim": {"Aşılar otizme neden olur"}})
		if res.Status != http.StatusSeeOther {
			t.Fatalf("checking a claim: %d", res.Status)
		}
		claimID := strings.TrimPrefix(res.Location, "/claims/")
		p = send("/review/"+claimID, url.Values{"verdict": {"maybe"}, "confidence": {"high"}, "note": {strings.Repeat("n", 2001)},
			"sources": {"https://teyit.org/a\nnotaurl\nftp://x.example/b"}}, expert)
		if p.Status != http.StatusUnprocessableEntity {
			t.Fatalf("bad vote: %d", p.Status)
		}
		noEnglishLeft(t, english, "vote errors", p, "Bir hüküm seçin: “Doğru”, “Kısmen doğru”, “Yanlış” ya da “Belirsiz”.",
			"Not 2.001 karakter uzunluğunda; sınır 2.000.", "2 ve 3. kaynaklar bir web adresi değil.")
		p = send("/review/"+claimID, url.Values{"verdict": {"dogru"}, "confidence": {"high"}, "sources": {strings.Repeat("https://a.example/\n", 1000)}}, expert)
		noEnglishLeft(t, english, "vote sources field", p, "Kaynaklar alanı çok uzun. Her satıra bir tane olmak üzere en çok 5 web adresi verin.")
		areas := make([]string, 11)
		for i := range areas {
			areas[i] = "alan" + string(rune('a'+i))
		}
		p = send("/review/profile", url.Values{"affiliation": {"Boğaziçi\nÜniversitesi"}, "credentials": {strings.Repeat("y", 301)},
			"bio": {strings.Repeat("b", 1001)}, "expertise": {strings.Join(areas, ", ") + ", " + strings.Repeat("ç", 41)}}, expert)
		if p.Status != http.StatusUnprocessableEntity {
			t.Fatalf("bad profile: %d", p.Status)
		}
		noEnglishLeft(t, english, "profile errors", p, "Kurum tek satırlık bir metin olmalı.", "Yeterlilikler 301 karakter uzunluğunda; sınır 300.",
			"Özgeçmiş 1.001 karakter uzunluğunda; sınır 1.000.", "karakter uzunluğunda; her alanı 40 karakterle sınırlayın.", "12 alan yazdınız; en çok 10 alan yazın.")
		if title := p.Doc.Find("title").Text(); !strings.HasPrefix(title, "Hata: ") {
			t.Errorf("profile error title %q, want it to start with Hata:", title)
		}

		// The firm console's domains, and a knowledge-base import with skipped reviews.
		_, admin := b.Member(t, "yonetici@example.org", "Yönetici", models.RoleAdmin)
		p = send("/admin/firms", url.Values{"name": {"Haber"}, "slug": {"haber"}, "domains": {"192.0.2.1\nco.uk\nlocalhost"}}, admin)
		if p.Status != http.StatusUnprocessableEntity {
			t.Fatalf("bad firm: %d", p.Status)
		}
		noEnglishLeft(t, english, "firm domain errors", p, "“192.0.2.1” bir IP adresi", "“co.uk” birçok sahibin paylaştığı genel bir sonek",
			"“localhost” içinde bir nokta olmalı")
		doc := `[{"@type":"ClaimReview","url":"https://teyit.example/1","claimReviewed":"Dünya düzdür","reviewRating":{"@type":"Rating","alternateName":"False"},"author":{"@type":"Organization","name":"Teyit"}},
			{"@type":"ClaimReview","claimReviewed":"Ay peynirdendir","reviewRating":{"@type":"Rating","alternateName":"False"}},
			{"@type":"ClaimReview","url":"https://teyit.example/3","reviewRating":{"@type":"Rating","alternateName":"False"}},
			{"@type":"ClaimReview","url":"https://teyit.example/4","claimReviewed":"Su yukarı akar"}]`
		p = upload(t, b, admin, "yukle.json", doc, tr)
		if p.Status != http.StatusOK {
			t.Fatalf("knowledge import: %d", p.Status)
		}
		noEnglishLeft(t, english, "knowledge import summary", p, "yukle.json: 1 eklendi, 0 güncellendi, 0 değişmedi, 3 atlandı.",
			"Atlanma nedenleri:", "inceleme adresi yok", "iddia metni yok (claimReviewed)", "derecelendirme yok")
		p = upload(t, b, admin, "bozuk.json", `{"@type":`, tr)
		if p.Status != http.StatusUnprocessableEntity || p.Doc.Find(`[data-testid="kb-error"] [lang="en"]`).Length() != 1 {
			t.Errorf("a broken file: status %d, the importer's English diagnosis not marked as English", p.Status)
		}
		noEnglishLeft(t, english, "knowledge import refused", p, "bozuk.json içe aktarılmadı.")

		// Screen readers hear the key's actions in Turkish order: the object, then the verb.
		if res := send("/account/keys", url.Values{"name": {"ci"}}, session); res.Status != http.StatusOK {
			t.Fatalf("creating a key: %d", res.Status)
		}
		p = get("/account", session)
		for sel, want := range map[string]string{
			`[data-testid="rotate-link"] .visually-hidden`: "ci anahtarını yenileyin",
			`[data-testid="revoke-link"] .visually-hidden`: "ci anahtarını iptal edin",
		} {
			if got := p.Doc.Find(sel).Text(); got != want {
				t.Errorf("%s reads %q, want %q", sel, got, want)
			}
		}
		p = get("/admin/users", admin)
		// The console's disable buttons: the account, then the action.
		summaries := p.Doc.Find(`details.confirm summary .visually-hidden`)
		if summaries.Length() == 0 {
			t.Fatal("no confirm summary on the users page")
		}
		summaries.Each(func(_ int, s *goquery.Selection) {
			if !regexp.MustCompile(`^\S+@example\.org: Devre dışı bırak$`).MatchString(s.Text()) {
				t.Errorf("the console's confirm summary reads %q, want the account first, then the action", s.Text())
			}
		})
	})
}

// upload posts a knowledge-base file as admin from a browser that holds the cookies extra.
func upload(t *testing.T, b *apptest.Browser, session, name, content string, extra ...*http.Cookie) apptest.Page {
	t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	if err := mw.WriteField("_csrf", b.CSRF); err != nil {
		t.Fatal(err)
	}
	fw, err := mw.CreateFormFile("file", name)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fw.Write([]byte(content)); err != nil {
		t.Fatal(err)
	}
	if err := mw.Close(); err != nil {
		t.Fatal(err)
	}
	req := httptest.NewRequest(http.MethodPost, "/admin/knowledge", &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.AddCookie(&http.Cookie{Name: web.SessionCookie, Value: session})
	req.AddCookie(&http.Cookie{Name: apptest.CSRFCookie, Value: b.CSRF})
	for _, c := range extra {
		req.AddCookie(c)
	}
	return b.Do(t, req)
}

// TestBrowserAxeTurkishFormErrors runs axe-core and the sideways-scroll check at 1280 and 375 px
// on the Turkish form-error states whose messages came from code before: the contact-sales form,
// the webhook form, the vote form and the expert profile, each sent wrong in the browser.
func TestBrowserAxeTurkishFormErrors(t *testing.T) {
	src := axeSource(t)
	for _, d := range testdb.Dialects() {
		t.Run(string(d), func(t *testing.T) {
			ctx := browserWithin(t, 6*time.Minute)
			db := testdb.Open(t, d)
			s := startServer(t, db, nil)
			bg := t.Context()
			claim, err := s.app.Checker.Check(bg, checking.Input{Claim: "Aşılar otizme neden olur"}, nil)
			if err != nil {
				t.Fatal(err)
			}
			people, ids := browserPeople(t, s, d, "tr")
			for _, id := range ids {
				if err := db.Gorm.Exec("UPDATE users SET beta_access_at = ? WHERE id = ?", time.Now().UTC(), id).Error; err != nil {
					t.Fatal(err)
				}
			}
			// sendWrong fills a form's fields by selector and sends it without the browser's own
			// checks (form.submit), then waits for the page's error summary.
			sendWrong := func(path, form, errors string, fields map[string]string) func(context.Context, string) error {
				return func(ctx context.Context, base string) error {
					acts := []chromedp.Action[chromedp.Void]{chromedp.Navigate(base + path), chromedp.WaitVisible(form)}
					for sel, v := range fields {
						acts = append(acts, chromedp.SetValue(sel, v))
					}
					acts = append(acts, chromedp.Submit(form), chromedp.WaitVisible(errors))
					return chromedp.Do(ctx, acts...)
				}
			}
			checkAxe(t, ctx, s.base, src, []axePage{
				{name: "contact-sales errors (tr)", act: sendWrong("/pricing?lang=tr", `[data-testid="contact-form"]`, `[data-testid="contact-form"] .field__error`,
					map[string]string{`#contact-email`: "adres-değil"})},
			})
			dev := people[models.RoleUser]
			if err := logIn(ctx, s.base, dev[0], dev[1]); err != nil {
				t.Fatalf("log in as a developer: %v", err)
			}
			checkAxe(t, ctx, s.base, src, []axePage{
				{name: "webhook form errors (tr)", act: sendWrong("/account/webhooks", `[data-testid="create-endpoint-form"]`, `[data-testid="form-errors"]`,
					map[string]string{`#endpoint-url`: "ftp://çok-uzun-bir-alan-adı-ile-yazılmış-bir-adres.example/webhook/yolu/burada"})},
			})
			if err := logOut(ctx); err != nil {
				t.Fatalf("log out: %v", err)
			}
			ex := people[models.RoleExpert]
			if err := logIn(ctx, s.base, ex[0], ex[1]); err != nil {
				t.Fatalf("log in as an expert: %v", err)
			}
			checkAxe(t, ctx, s.base, src, []axePage{
				{name: "vote errors (tr)", act: sendWrong("/review/"+claim.ID, `[data-testid="vote-form"]`, `[data-testid="vote-form"] .field__error`,
					map[string]string{`#vote-sources`: "adres-değil\nftp://x.example/a"})},
				{name: "profile errors (tr)", act: sendWrong("/review/profile", `[data-testid="profile-form"]`, `[data-testid="profile-form"] .field__error`,
					map[string]string{`#profile-expertise`: "bir, iki, üç, dört, beş, altı, yedi, sekiz, dokuz, on, on bir, " + strings.Repeat("ğ", 45)})},
			})
		})
	}
}
