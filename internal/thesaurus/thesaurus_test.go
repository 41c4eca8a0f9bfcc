package thesaurus

import (
	"io/fs"
	"maps"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
)

var (
	openOnce sync.Once
	shared   *Thesaurus
	openErr  error
)

// open decodes the committed tables once for all tests.
func open(t testing.TB) *Thesaurus {
	t.Helper()
	openOnce.Do(func() { shared, openErr = Open() })
	if openErr != nil {
		t.Fatalf("Open: %v", openErr)
	}
	return shared
}

func TestRelateEnglish(t *testing.T) {
	th := open(t)
	cases := []struct {
		a, b string
		want Relation
	}{
		// same lemma after morphy
		{"dog", "dog", Same},
		{"causes", "cause", Same},
		{"mice", "mouse", Same},
		// synonyms share a synset
		{"car", "automobile", Synonym},
		{"illness", "unwellness", Synonym},
		{"physician", "doctor", Synonym},
		// shallow, safe hypernyms
		{"tea", "beverage", Broader},
		{"dog", "animal", Broader},
		{"dog", "canine", Broader},
		{"sunscreen", "cream", Broader},
		{"cancer", "disease", Broader},
		{"paris", "city", Broader},         // instance hypernym
		{"einstein", "physicist", Broader}, // instance hypernym
		{"aspirin", "drug", Broader},
		{"lyme disease", "disease", Broader},
		{"beverage", "tea", Narrower},
		{"animal", "dog", Narrower},
		// antonyms, direct and through synsets, satellites and derived forms
		{"alive", "dead", Antonym},
		{"live", "dead", Antonym},
		{"permanent", "temporary", Antonym},
		{"true", "false", Antonym},
		{"increase", "decrease", Antonym},
		{"increases", "decreased", Antonym},
		{"survive", "succumb", Antonym},
		{"win", "lose", Antonym},
		{"legal", "illegal", Antonym},
		{"accept", "reject", Antonym},
		{"allow", "forbid", Antonym},
		{"passed away", "died", Synonym}, // collocations inflect on one word
		// senses WordNet links as alike or as forms of one word
		{"enraged", "angry", Synonym},     // satellite and head (similar to)
		{"overcast", "cloudy", Synonym},   // satellite and head (similar to)
		{"warm", "hot", Synonym},          // also see
		{"intelligent", "smart", Synonym}, // also see
		{"remember", "memory", Synonym},   // derivationally related
		{"warm", "cold", Antonym},         // near links never outweigh an opposite
		// siblings and far relatives are not related
		{"tea", "tobacco", Unrelated},
		{"tea", "smoking", Unrelated},
		{"tick", "mosquito", Unrelated},
		{"rabbit", "dog", Unrelated},
		{"lyme disease", "malaria", Unrelated},
		// abstract top levels are never a broader term
		{"tea", "substance", Unrelated},
		{"smoking", "activity", Unrelated},
		{"dog", "organism", Unrelated},
		{"dog", "entity", Unrelated},
		{"", "dog", Unrelated},
		{"qwxz", "dog", Unrelated},
	}
	for _, c := range cases {
		if got := th.Relate("en", c.a, c.b); got != c.want {
			t.Errorf("Relate(en, %q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

func TestRelateTurkish(t *testing.T) {
	th := open(t)
	cases := []struct {
		a, b string
		want Relation
	}{
		{"aşı", "aşı", Same},
		{"aşı", "asi", Same}, // ASCII-folded input
		{"ÇAY", "çay", Same}, // Turkish lower-casing
		{"hastalık", "rahatsızlık", Synonym},
		{"doktor", "hekim", Synonym},
		{"kanser", "hastalık", Broader},
		{"istanbul", "şehir", Broader},
		{"yeni", "eski", Antonym},
		{"kabul etmek", "reddetmek", Antonym},
		{"yükselmek", "düşmek", Antonym},
		{"çay", "içecek", Broader},
		{"köpek", "hayvan", Broader},
		{"hayvan", "köpek", Narrower},
		{"artmak", "azalmak", Antonym},
		{"doğru", "yanlış", Antonym},
		{"ölü", "canlı", Antonym},
		{"sürekli", "geçici", Antonym},
		{"daimi", "geçici", Antonym},
		{"buyuk", "kucuk", Antonym}, // folded büyük/küçük
		{"çay", "sigara", Unrelated},
		{"kene", "sivrisinek", Unrelated},
		{"tavşan", "köpek", Unrelated},
		{"ölmek", "yaşamak", Unrelated}, // WordNet has no live/die antonym; see README.md
		{"azal", "artmak", Antonym},     // a verb stem finds its infinitive
		{"azalmak", "artmak", Antonym},  // antonymy is symmetric
		{"gecici", "surekli", Antonym},  // folded
		// Two minor senses meeting as opposites ("fall" as in falling prostrate, "rise" as
		// in a rising market) do not make the words opposites: a wound that closes heals.
		{"kapanmak", "iyileşmek", Unrelated},
		{"asıl", "temel", Unrelated}, // written with ı: not "asil" (noble), whose "noble" opposes "base"
		// KeNet's own synsets, hypernyms and antonyms
		{"nezle", "soğuk algınlığı", Synonym}, // a multi-word literal
		{"soguk alginligi", "nezle", Synonym}, // folded phrase
		{"yanıt", "cevap", Synonym},           // FreeDict lacks yanıt
		{"kalıcı", "geçici", Antonym},         // FreeDict lacks kalıcı
		{"yasal", "yasadışı", Antonym},
		{"erkek", "kadın", Antonym},
		{"akciğer kanseri", "kanser", Broader},
		{"ev", "bina", Broader},
		{"kanser", "akciğer kanseri", Narrower},
		{"öl", "ölmek", Same},        // KeNet's rare noun "öl" (damp) does not hide the verb stem
		{"insan", "in", Unrelated},   // a third sense ("in" = den; insan = mankind) joins nothing
		{"kahve", "çay", Unrelated},  // siblings
		{"köpek", "kedi", Unrelated}, // siblings
		{"grip", "nezle", Unrelated},
		{"virüs", "bakteri", Unrelated},
		// A translation is the lemma a dictionary gives, never an inflected form of another:
		// akciğer's "bellows" (the device) is not the verb "bellow" that bağırmak (to shout)
		// translates to, and "lay down arms" is "surrender" (it was their antonym through a
		// reading of "surrender" as another lemma's form).
		{"bağırmak", "akciğer", Unrelated},
		{"teslim olmak", "silahları bırakmak", Synonym},
		// The two words' first translations meet through a second sense ("remember" is
		// "memory"'s derived form in memory's second sense): firstPivotSynonym.
		{"hatırlamak", "hafıza", Synonym},
	}
	for _, c := range cases {
		if got := th.Relate("tr", c.a, c.b); got != c.want {
			t.Errorf("Relate(tr, %q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

func TestTranslate(t *testing.T) {
	th := open(t)
	cases := []struct {
		from, to, word string
		first          string // expected best translation
		contains       string // expected somewhere in the list
	}{
		{"tr", "en", "çay", "tea", "tea"},
		{"tr", "en", "cay", "tea", "tea"}, // folded
		{"tr", "en", "köpek", "dog", "dog"},
		{"tr", "en", "ölmek", "die", "perish"},
		{"tr", "en", "olmek", "die", "die"},
		{"tr", "en", "aşı", "", "vaccine"},
		{"tr", "en", "asi", "disaffected", "vaccine"}, // the real word "asi" (rebellious) first, then "aşı"
		{"tr", "en", "artmak", "increase", "increase"},
		{"tr", "en", "öl", "die", "die"}, // verb stem → ölmek
		{"tr", "en", "azal", "decrease", "decrease"},
		{"en", "tr", "tea", "", "çay"}, // the dictionary's first sense of tea is the plant
		{"en", "tr", "vaccine", "", "aşı"},
		{"en", "tr", "die", "ölmek", "ölmek"},
		{"en", "tr", "dies", "ölmek", "ölmek"}, // inflected English goes through morphy
		{"en", "tr", "permanent", "sürekli", "daimi"},
		// KeNet's interlingual links, both ways, phrases included
		{"tr", "en", "aşı", "vaccine", "vaccine"},
		{"en", "tr", "vaccine", "aşı", "aşı"},
		{"tr", "en", "akciğer kanseri", "lung cancer", "lung cancer"},
		{"tr", "en", "akciger  kanseri", "lung cancer", "lung cancer"}, // folded, spacing
		{"en", "tr", "lung cancer", "akciğer kanseri", "akciğer kanseri"},
		{"en", "tr", "Lung  Cancer", "akciğer kanseri", "akciğer kanseri"},
		{"tr", "en", "kalıcı", "permanent", "permanent"},
		{"tr", "en", "yanıt", "answer", "response"},
		{"tr", "en", "hayatta kalmak", "survive", "survive"},
		{"en", "tr", "common cold", "soğuk algınlığı", "nezle"},
		{"en", "tr", "survive", "", "hayatta kalmak"},
		// a synset KeNet links to several English synsets keeps those FreeDict confirms:
		// "soğuk algınlığı, nezle" is linked to influenza too, FreeDict says cold
		{"en", "tr", "flu", "grip", "grip"},
		{"tr", "en", "nezle", "cold", "common cold"},
	}
	for _, c := range cases {
		got := th.Translate(c.from, c.to, c.word)
		if len(got) == 0 {
			t.Errorf("Translate(%s, %s, %q) = nil", c.from, c.to, c.word)
			continue
		}
		if c.first != "" && got[0] != c.first {
			t.Errorf("Translate(%s, %s, %q)[0] = %q, want %q (all %v)", c.from, c.to, c.word, got[0], c.first, got)
		}
		if !slices.Contains(got, c.contains) {
			t.Errorf("Translate(%s, %s, %q) = %v, want it to contain %q", c.from, c.to, c.word, got, c.contains)
		}
	}
	for _, c := range []struct{ from, to, word, not string }{
		{"tr", "en", "soğuk algınlığı", "influenza"},
		{"tr", "en", "nezle", "flu"},
		{"en", "tr", "influenza", "nezle"},
		{"en", "tr", "die", "çürümek"}, // KeNet links "çürümek" (rot) to die's first sense too
	} {
		if got := th.Translate(c.from, c.to, c.word); slices.Contains(got, c.not) {
			t.Errorf("Translate(%s, %s, %q) = %v, want no %q", c.from, c.to, c.word, got, c.not)
		}
	}
	if got := th.Translate("en", "de", "tea"); got != nil {
		t.Errorf("Translate(en, de) = %v, want nil", got)
	}
	if got := th.Translate("tr", "en", "qwxz"); got != nil {
		t.Errorf("Translate(tr, en, unknown) = %v, want nil", got)
	}
}

func TestLemmas(t *testing.T) {
	th := open(t)
	cases := []struct {
		word string
		want []string
	}{
		{"mice", []string{"mouse"}},
		{"causes", []string{"cause"}},
		{"dogs", []string{"dog"}},
		{"dog", []string{"dog"}},
		{"saw", []string{"saw", "see"}},
		{"running", []string{"running", "run"}},
		{"died", []string{"die"}},
		{"better", []string{"better", "good", "well"}},
		{"passed away", []string{"pass away"}},
		{"lyme diseases", []string{"lyme disease"}},
		{"qwxz", nil},
	}
	for _, c := range cases {
		if got := th.Lemmas("en", c.word); !slices.Equal(got, c.want) {
			t.Errorf("Lemmas(en, %q) = %v, want %v", c.word, got, c.want)
		}
	}
	if got := th.Lemmas("tr", "köpekler"); got != nil {
		t.Errorf("Lemmas(tr) = %v, want nil", got)
	}
}

func TestIsVerb(t *testing.T) {
	th := open(t)
	for word, want := range map[string]bool{"cure": true, "gives": true, "caused": true, "soda": false, "cancer": false, "qwxz": false} {
		if got := th.IsVerb(word); got != want {
			t.Errorf("IsVerb(%q) = %v, want %v", word, got, want)
		}
	}
}

func TestRelationString(t *testing.T) {
	names := map[Relation]string{Unrelated: "unrelated", Same: "same", Synonym: "synonym", Broader: "broader", Narrower: "narrower", Antonym: "antonym"}
	for r, want := range names {
		if got := r.String(); got != want {
			t.Errorf("%d.String() = %q, want %q", int(r), got, want)
		}
	}
}

func BenchmarkOpen(b *testing.B) {
	for b.Loop() {
		if _, err := Open(); err != nil {
			b.Fatal(err)
		}
	}
}

func TestLoadRejectsDamagedTables(t *testing.T) {
	good := fstest.MapFS{}
	entries, err := fs.ReadDir(tables(), "data")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		b, err := fs.ReadFile(tables(), "data/"+e.Name())
		if err != nil {
			t.Fatal(err)
		}
		good["data/"+e.Name()] = &fstest.MapFile{Data: b}
	}
	if err := new(Thesaurus).load(good); err != nil {
		t.Fatalf("load of the embedded tables: %v", err)
	}
	cases := []struct {
		file string
		data []byte
		want string
	}{
		{"wn-counts.tsv", []byte("n\tx\n"), "wn-counts.tsv"},
		{"wn-general.tsv", []byte("99999999\t0\t0\tnothing\n"), "wn-general.tsv"},
		{"wn-hypernyms.tsv.gz", []byte("not gzip"), "wn-hypernyms.tsv.gz"},
		{"tr-en.tsv.gz", nil, "tr-en.tsv.gz"},
		{"kenet-synsets.tsv.gz", nil, "kenet-synsets.tsv.gz"},
		{"kenet-general.tsv", []byte("99999999\t0\t0\tnothing\n"), "kenet-general.tsv"},
		{"kenet-lemmas.tsv.gz", []byte("not gzip"), "kenet-lemmas.tsv.gz"},
	}
	for _, c := range cases {
		fsys := fstest.MapFS{}
		maps.Copy(fsys, good)
		if c.data == nil {
			delete(fsys, "data/"+c.file)
		} else {
			fsys["data/"+c.file] = &fstest.MapFile{Data: c.data}
		}
		err := new(Thesaurus).load(fsys)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("damaged %s: err = %v, want an error naming %s", c.file, err, c.want)
		}
	}
}
