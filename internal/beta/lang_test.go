package beta_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/claimcheck/claimcheck/database"
	"github.com/claimcheck/claimcheck/internal/beta"
	"github.com/claimcheck/claimcheck/internal/i18n"
	"github.com/claimcheck/claimcheck/internal/mail"
	"github.com/claimcheck/claimcheck/internal/testdb"
	"github.com/claimcheck/claimcheck/models"
)

// TestBetaMailInTheEntrysLanguage joins from a Turkish page and an English one: each entry keeps
// the language it joined in, a re-join changes it for the mail still to come, and the invitation
// follows the entry's language, not the language of the admin who opens the beta.
func TestBetaMailInTheEntrysLanguage(t *testing.T) {
	testdb.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db, nil)
		bundle, err := i18n.NewBundle()
		if err != nil {
			t.Fatal(err)
		}
		e.svc = beta.New(beta.Config{Waitlist: models.NewWaitlistStore(db), Tx: models.NewTransactor(db), Audit: models.NewAuditStore(db),
			Outbox: mail.NewOutbox(models.NewOutboxStore(db)), BaseURL: base, Languages: bundle, Now: func() time.Time { return e.clock }})
		in := func(l i18n.Lang) context.Context { return i18n.WithLocalizer(t.Context(), bundle.Localizer(l)) }
		stored := func(addr string) string {
			var w models.WaitlistEntry
			if err := db.Gorm.Where("email = ?", addr).First(&w).Error; err != nil {
				t.Fatal(err)
			}
			return w.Language
		}
		// A Turkish join: the entry is Turkish and so is every part of its confirmation.
		if err := e.svc.Join(in(i18n.TR), beta.JoinInput{Email: "ayse@example.org", Name: "Ayşe"}); err != nil {
			t.Fatal(err)
		}
		if got := stored("ayse@example.org"); got != "tr" {
			t.Fatalf("entry language %q, want tr", got)
		}
		ms := mails(t, db, "beta-confirm:")
		if len(ms) != 1 {
			t.Fatalf("%d confirmation mails", len(ms))
		}
		m := ms[0]
		for part, want := range map[string][]string{
			m.Subject:  {"bekleme listesindeki yerinizi onaylayın"},
			m.TextBody: {"Merhaba Ayşe,", "Yerimi onayla:\n" + base + "/beta/confirm/", "Listeden tek tıkla ayrılın:\n" + base + "/beta/leave/"},
			m.HTMLBody: {`<html lang="tr"`, "Merhaba Ayşe,", "Yerimi onayla", "Listeden tek tıkla ayrılın"},
		} {
			for _, w := range want {
				if !strings.Contains(part, w) {
					t.Errorf("Turkish confirmation lacks %q:\n%s", w, part)
				}
			}
			for _, english := range []string{"Confirm my place", "Hello", "Leave the list"} {
				if strings.Contains(part, english) {
					t.Errorf("Turkish confirmation still says %q", english)
				}
			}
		}
		// A re-join from an English page switches the entry, and the re-sent mail, to English.
		e.clock = e.clock.Add(beta.ResendAfter)
		if err := e.svc.Join(in(i18n.EN), beta.JoinInput{Email: "ayse@example.org", Name: "Ayşe"}); err != nil {
			t.Fatal(err)
		}
		if got := stored("ayse@example.org"); got != "en" {
			t.Errorf("entry language after an English re-join %q, want en", got)
		}
		ms = mails(t, db, "beta-confirm:")
		if len(ms) != 2 || ms[1].Subject != "Confirm your place on the Claimcheck beta waiting list" || !strings.Contains(ms[1].TextBody, "Hello Ayşe,") {
			t.Fatalf("re-sent confirmation after an English re-join: %d mails, %q", len(ms), ms[len(ms)-1].Subject)
		}
		// A Turkish entry, confirmed, is invited in Turkish by an admin whose page is English.
		if err := e.svc.Join(in(i18n.TR), beta.JoinInput{Email: "mehmet@example.org", Name: "Mehmet"}); err != nil {
			t.Fatal(err)
		}
		for _, m := range mails(t, db, "beta-confirm:") {
			if m.ToAddr != "mehmet@example.org" {
				continue
			}
			if _, err := e.svc.Confirm(t.Context(), strings.TrimPrefix(link(t, m, "/beta/confirm/"), base+"/beta/confirm/")); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := e.svc.OpenBeta(in(i18n.EN), e.admin); err != nil {
			t.Fatal(err)
		}
		for _, m := range mails(t, db, "beta-invite:") {
			if m.ToAddr != "mehmet@example.org" {
				continue
			}
			if m.Subject != "Claimcheck /v1 API betasına davet edildiniz" || !strings.Contains(m.TextBody, "Merhaba Mehmet,") ||
				!strings.Contains(m.TextBody, "ayda 1.000 istek") || !strings.Contains(m.HTMLBody, `lang="tr"`) || strings.Contains(m.TextBody, "requests a month") {
				t.Errorf("invitation not in the entry's Turkish:\n%s\n%s", m.Subject, m.TextBody)
			}
			return
		}
		t.Error("no invitation for the Turkish entry")
	})
}
