package analysis

import (
	"reflect"
	"testing"
)

func TestFoldTurkish(t *testing.T) {
	tests := []struct{ in, want string }{
		{"İSTANBUL", "istanbul"},
		{"YANLIŞ", "yanlis"},
		{"yanlış", "yanlis"},
		{"Yanlis", "yanlis"},
		{"Iğdır", "igdir"},
		{"IĞDIR", "igdir"},
		{"ığdır", "igdir"},
		{"ÇAĞRI", "cagri"},
		{"Şöför Güneş", "sofor gunes"},
		{"rüzgâr", "ruzgar"},
		{"Straße", "strasse"},
		{"s\u0327eker", "seker"},       // decomposed ş
		{"I\u0307stanbul", "istanbul"}, // decomposed İ
		{"AŞILAR", "asilar"},
		{"plain ascii 5G", "plain ascii 5g"},
		{"", ""},
	}
	for _, tc := range tests {
		if got := FoldTurkish(tc.in); got != tc.want {
			t.Errorf("FoldTurkish(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestTurkishLower(t *testing.T) {
	// Generic lower-casing would give "istanbul" for ISTANBUL; Turkish gives dotless ı.
	if got := turkishLower("ISTANBUL İZMİR"); got != "ıstanbul izmir" {
		t.Errorf("turkishLower = %q", got)
	}
}

func TestTokenize(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"Aşılar otizme neden olmaz.", []string{"Aşılar", "otizme", "neden", "olmaz"}},
		{"Türkiye'nin nüfusu", []string{"Türkiye'nin", "nüfusu"}},
		{"Türkiye’nin nüfusu", []string{"Türkiye'nin", "nüfusu"}}, // typographic apostrophe normalised
		{"Enflasyon yüzde 60'a ulaştı", []string{"Enflasyon", "yüzde", "60", "ulaştı"}},
		{"%50'si ve 60% arttı", []string{"%50", "ve", "60%", "arttı"}},
		{"3.5 milyon ya da 3,5 milyon", []string{"3.5", "milyon", "ya", "da", "3,5", "milyon"}},
		{"1,000,000 people; 50.000 kişi", []string{"1,000,000", "people", "50.000", "kişi"}},
		{"It rose 3.5.", []string{"It", "rose", "3.5"}},
		{"2023'te depremde", []string{"2023", "depremde"}},
		{"Vaccines don't cause autism", []string{"Vaccines", "don't", "cause", "autism"}},
		{"COVID-19 and SARS-CoV-2", []string{"COVID-19", "and", "SARS-CoV-2"}},
		{"anti-vaccine groups", []string{"anti", "vaccine", "groups"}},
		{"5G towers", []string{"5G", "towers"}},
		{"“Quoted” — text…", []string{"Quoted", "text"}},
		{"not, no, never: none", []string{"not", "no", "never", "none"}},
		{"  ", nil},
	}
	for _, tc := range tests {
		got := Tokenize(tc.in)
		if len(got) == 0 && len(tc.want) == 0 {
			continue
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Tokenize(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestScanSentenceStart(t *testing.T) {
	toks := scan("Bill Gates said it. Then NASA replied")
	starts := map[string]bool{}
	for _, tk := range toks {
		starts[tk.Text] = tk.SentenceStart
	}
	for w, want := range map[string]bool{"Bill": true, "Gates": false, "Then": true, "NASA": false} {
		if starts[w] != want {
			t.Errorf("SentenceStart(%s) = %v, want %v", w, starts[w], want)
		}
	}
	if toks[0].Kind != kindWord {
		t.Errorf("kind of %q = number", toks[0].Text)
	}
	if k := scan("60'a")[0].Kind; k != kindNumber {
		t.Errorf("60'a is not a number token")
	}
}
