package admin

import (
	"fmt"
	"strings"
	"testing"

	"github.com/claimcheck/claimcheck/internal/i18n"
	"github.com/claimcheck/claimcheck/models"
)

// TestFirmRefusalsInTurkish checks that a domain the console refuses and a refusal by the firm
// store read in Turkish on a Turkish page, with no English sentence of the store's left in them.
func TestFirmRefusalsInTurkish(t *testing.T) {
	b, err := i18n.NewBundle()
	if err != nil {
		t.Fatal(err)
	}
	tr := b.Localizer(i18n.TR)
	_, problems := parseDomainLines(tr, "192.0.2.1\nco.uk\nlocalhost\nhttps://haber.example/a")
	for i, want := range []string{
		"“192.0.2.1” bir IP adresi; bunun yerine kuruluşun alan adını verin.",
		"“co.uk” birçok sahibin paylaştığı genel bir sonek; kuruluşun bunun altındaki kendi alan adını verin.",
		"“localhost” içinde bir nokta olmalı; example.com gibi.",
	} {
		if i >= len(problems) || problems[i] != want {
			t.Errorf("domain problem %d: %q, want %q", i, problems, want)
		}
	}
	for _, tc := range []struct {
		name  string
		err   error
		field string
		want  string
	}{
		{"domain", fmt.Errorf("%w: %w", models.ErrInvalidFirm, &models.DomainError{Kind: models.DomainIP, Input: "10.0.0.1"}), "domains",
			"“10.0.0.1” bir IP adresi; bunun yerine kuruluşun alan adını verin."},
		{"other field", fmt.Errorf("%w: the name must have 1–200 characters", models.ErrInvalidFirm), "name",
			"Kuruluş kaydedilmedi: alanlarından biri kuruluş kayıtlarının bir kuralına uymuyor. Her alanı denetleyip yeniden kaydedin."},
	} {
		errs := map[string]string{}
		if _, ok := storeRefusal(tr, tc.err, errs); !ok {
			t.Fatalf("%s: not taken as a refusal", tc.name)
		}
		if got := errs[tc.field]; got != tc.want {
			t.Errorf("%s: %s error %q, want %q", tc.name, tc.field, got, tc.want)
		}
		for _, english := range []string{"must have", "IP address", "refused"} {
			if strings.Contains(errs[tc.field], english) {
				t.Errorf("%s: English left: %q", tc.name, errs[tc.field])
			}
		}
	}
}
