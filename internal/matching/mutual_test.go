package matching

import (
	"testing"

	"github.com/claimcheck/claimcheck/internal/thesaurus"
)

// tableLexicon is a Lexicon of translations alone, for rules that read nothing else.
type tableLexicon map[string][]string

func (l tableLexicon) Relate(_, a, b string) thesaurus.Relation {
	if a == b {
		return thesaurus.Same
	}
	return thesaurus.Unrelated
}
func (l tableLexicon) Translate(from, to, word string) []string { return l[from+">"+to+":"+word] }
func (l tableLexicon) Lemmas(_, word string) []string           { return []string{word} }
func (l tableLexicon) Spellings(word string) []string           { return []string{word} }

// A pair is mutual only when the word a translation reaches translates back: a back-translation
// from another form of the other word is another sense.
func TestMutualTranslationGoesBackFromTheSameWord(t *testing.T) {
	// Turkish words as the matcher holds them, folded.
	lex := tableLexicon{
		"en>tr:shot":       {"atis", "asi"},
		"tr>en:asi":        {"vaccine", "shot"},
		"en>tr:graft":      {"asilamak"},
		"tr>en:asilamak":   {"vaccinate", "inoculate"},
		"tr>en:yolsuzluk":  {"corruption", "graft"},
		"en>tr:injection":  {"enjeksiyon"},
		"tr>en:enjeksiyon": {"injection"},
	}
	d := NewIndex(WithLexicon(lex)).newDecision()
	for _, c := range []struct {
		en   string
		tr   []string
		want bool
	}{
		{"shot", []string{"asi"}, true},
		{"injection", []string{"enjeksiyon"}, true},
		{"shot", []string{"enjeksiyon"}, false},
		// "graft" reaches "aşılamak", which does not lead back to it; "yolsuzluk" (corruption)
		// does, but "graft" never reached it: two senses, no shared one.
		{"graft", []string{"yolsuzluk", "asilamak"}, false},
		{"graft", []string{"asilamak", "yolsuzluk"}, false},
	} {
		p := &part{lang: "en", dict: []string{c.en}}
		o := &part{lang: "tr", dict: c.tr}
		if got := d.mutualTranslation(p, o); got != c.want {
			t.Errorf("mutualTranslation(%s, %v) = %v, want %v", c.en, c.tr, got, c.want)
		}
	}
}
