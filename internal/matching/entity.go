package matching

import (
	"strings"

	"github.com/claimcheck/claimcheck/internal/analysis"
	"github.com/claimcheck/claimcheck/internal/turkish"
)

// entity is a key entity a claim names: a place, a heavenly body, a person, an organisation.
type entity struct {
	// key compares entities: "@moon" for a gazetteer entry (the same in every language), else the
	// folded name ("einstein").
	key string
	// kind is the gazetteer kind ("body", "country", "city", …); swaps are refused within a kind.
	kind string
	// gaz marks a gazetteer entry, which can be compared across languages.
	gaz bool
	// text is the name as written, for the refusal reason.
	text string
}

// gazEntry is one gazetteer line: a canonical key, its kind, and the Turkish and English forms
// (folded). capOnly forms are also common words ("ay" is a month, "sun" and "turkey" are words)
// and count only when written with a capital.
type gazEntry struct {
	key, kind string
	forms     []string
	capOnly   []string
}

// gazetteer lists the entities claims most often swap to make a look-alike: heavenly bodies,
// countries, continents and big cities, in Turkish and English. Names outside it are still
// compared within one language by their spelling; the gazetteer is what lets "Ay" meet "Moon".
var gazetteer = []gazEntry{
	{key: "space", kind: "body", forms: []string{"uzay", "space", "outer"}},
	{key: "moon", kind: "body", forms: []string{"moon", "aydan"}, capOnly: []string{"ay"}},
	{key: "sun", kind: "body", forms: []string{"gunes"}, capOnly: []string{"sun"}},
	{key: "earth", kind: "body", forms: []string{"earth"}, capOnly: []string{"dunya"}},
	{key: "mars", kind: "body", forms: []string{"mars"}},
	{key: "venus", kind: "body", forms: []string{"venus"}},
	{key: "jupiter", kind: "body", forms: []string{"jupiter"}},
	{key: "saturn", kind: "body", forms: []string{"saturn"}},
	{key: "mercury", kind: "body", forms: []string{"merkur"}, capOnly: []string{"mercury"}},
	{key: "neptune", kind: "body", forms: []string{"neptune", "neptun"}},
	{key: "uranus", kind: "body", forms: []string{"uranus"}},
	{key: "pluto", kind: "body", forms: []string{"pluto", "pluton"}},
	{key: "turkey", kind: "country", forms: []string{"turkiye", "turk", "turkish"}, capOnly: []string{"turkey"}},
	{key: "usa", kind: "country", forms: []string{"abd", "usa"}, capOnly: []string{"us"}},
	{key: "america", kind: "continent", forms: []string{"amerika", "america", "americas"}},
	{key: "china", kind: "country", forms: []string{"cin", "china", "chinese", "cinli"}},
	{key: "russia", kind: "country", forms: []string{"rusya", "russia", "russian", "rus"}},
	{key: "japan", kind: "country", forms: []string{"japonya", "japan", "japanese"}},
	{key: "germany", kind: "country", forms: []string{"almanya", "germany", "german", "alman"}},
	{key: "france", kind: "country", forms: []string{"fransa", "france", "french", "fransiz"}},
	{key: "uk", kind: "country", forms: []string{"ingiltere", "england", "britain", "british", "uk", "ingiliz"}},
	{key: "italy", kind: "country", forms: []string{"italya", "italy", "italian"}},
	{key: "spain", kind: "country", forms: []string{"ispanya", "spain", "spanish"}},
	{key: "india", kind: "country", forms: []string{"hindistan", "india", "indian"}},
	{key: "brazil", kind: "country", forms: []string{"brezilya", "brazil"}},
	{key: "canada", kind: "country", forms: []string{"kanada", "canada"}},
	{key: "australia", kind: "country", forms: []string{"avustralya", "australia"}},
	{key: "mexico", kind: "country", forms: []string{"meksika", "mexico"}},
	{key: "egypt", kind: "country", forms: []string{"misir", "egypt"}},
	{key: "iran", kind: "country", forms: []string{"iran"}},
	{key: "iraq", kind: "country", forms: []string{"irak", "iraq"}},
	{key: "syria", kind: "country", forms: []string{"suriye", "syria"}},
	{key: "israel", kind: "country", forms: []string{"israil", "israel"}},
	{key: "greece", kind: "country", forms: []string{"yunanistan", "greece", "greek", "yunan"}},
	{key: "ukraine", kind: "country", forms: []string{"ukrayna", "ukraine"}},
	{key: "korea", kind: "country", forms: []string{"kore", "korea"}},
	{key: "sweden", kind: "country", forms: []string{"isvec", "sweden"}},
	{key: "norway", kind: "country", forms: []string{"norvec", "norway"}},
	{key: "netherlands", kind: "country", forms: []string{"hollanda", "netherlands", "holland"}},
	{key: "switzerland", kind: "country", forms: []string{"isvicre", "switzerland"}},
	{key: "argentina", kind: "country", forms: []string{"arjantin", "argentina"}},
	{key: "uruguay", kind: "country", forms: []string{"uruguay"}},
	{key: "azerbaijan", kind: "country", forms: []string{"azerbaycan", "azerbaijan"}},
	{key: "new-zealand", kind: "country", forms: []string{"zelanda", "zealand"}},
	{key: "europe", kind: "continent", forms: []string{"avrupa", "europe", "european", "avrupali"}},
	{key: "asia", kind: "continent", forms: []string{"asya", "asia"}},
	{key: "africa", kind: "continent", forms: []string{"afrika", "africa"}},
	{key: "antarctica", kind: "continent", forms: []string{"antarktika", "antarktida", "antarctica"}},
	{key: "istanbul", kind: "city", forms: []string{"istanbul", "constantinople", "konstantinopolis"}},
	{key: "ankara", kind: "city", forms: []string{"ankara"}},
	{key: "izmir", kind: "city", forms: []string{"izmir"}},
	{key: "london", kind: "city", forms: []string{"londra", "london"}},
	{key: "paris", kind: "city", forms: []string{"paris"}},
	{key: "berlin", kind: "city", forms: []string{"berlin"}},
	{key: "moscow", kind: "city", forms: []string{"moskova", "moscow"}},
	{key: "rome", kind: "city", forms: []string{"roma", "rome"}},
	{key: "athens", kind: "city", forms: []string{"atina", "athens"}},
	{key: "sydney", kind: "city", forms: []string{"sidney", "sydney"}},
	{key: "canberra", kind: "city", forms: []string{"canberra", "kanberra"}},
	{key: "tokyo", kind: "city", forms: []string{"tokyo"}},
	{key: "beijing", kind: "city", forms: []string{"pekin", "beijing"}},
	{key: "wuhan", kind: "city", forms: []string{"wuhan"}},
	{key: "who", kind: "org", forms: []string{"dso"}, capOnly: []string{"who"}},
	{key: "nasa", kind: "org", forms: []string{"nasa"}},
}

// gazIndex maps a folded form to its entry and whether it needs a capital.
var gazIndex = func() map[string]gazHit {
	m := map[string]gazHit{}
	for i := range gazetteer {
		e := &gazetteer[i]
		for _, f := range e.forms {
			m[f] = gazHit{e, false}
		}
		for _, f := range e.capOnly {
			m[f] = gazHit{e, true}
		}
	}
	return m
}()

// gazHit is a gazetteer lookup result.
type gazHit struct {
	e       *gazEntry
	capOnly bool
}

// lookupGaz finds a folded word in the gazetteer, as written or with its Turkish suffixes
// stripped ("Çin'den" is split at the apostrophe, "Çinliler" needs the stemmer).
func lookupGaz(folded string) (gazHit, bool) {
	if h, ok := gazIndex[folded]; ok {
		return h, true
	}
	if h, ok := gazIndex[trStem(folded)]; ok && len(folded) > 3 {
		return h, true
	}
	return gazHit{}, false
}

// entityAt says whether toks[i] names a key entity. A gazetteer form counts anywhere (with a
// capital when it is also a common word); any other word counts when it is written as a name: all
// capitals ("NASA", "HIV"), or capitalised inside a sentence, or at a sentence start when a Turkish
// suffix follows an apostrophe ("Mars'tan") or another name follows ("Bill Gates").
func entityAt(toks []scanned, i int, shout bool) (entity, bool) {
	t := toks[i]
	_, suffix := splitApostrophe(t.text)
	base := nameBase(t.text)
	folded := turkish.Fold(base)
	capital := analysis.IsCapitalised(base)
	if h, ok := lookupGaz(folded); ok && (!h.capOnly || capital && !shout) && !compoundModifier(toks, i, suffix) {
		return entity{key: "@" + h.e.key, kind: h.e.kind, gaz: true, text: base}, true
	}
	if shout || !capital {
		return entity{}, false
	}
	if isStop("und", folded) && !analysis.IsAllCaps(base) {
		return entity{}, false
	}
	switch {
	case analysis.IsAllCaps(base) && len([]rune(base)) >= 2,
		!t.sentenceStart,
		suffix != "",
		i+1 < len(toks) && !toks[i+1].sentenceStart && analysis.IsCapitalised(toks[i+1].text) && !toks[i+1].number:
		return entity{key: folded, text: base}, true
	}
	return entity{}, false
}

// compoundModifier reports a bare name before a lower-case Turkish noun with the compound
// ending ("Güneş kremi", "güneş gözlüğü"): the two name one thing, sunscreen, not the Sun.
func compoundModifier(toks []scanned, i int, suffix string) bool {
	if suffix != "" || i+1 >= len(toks) || toks[i+1].sentenceStart || toks[i+1].number || analysis.IsCapitalised(toks[i+1].text) {
		return false
	}
	next := turkish.Fold(toks[i+1].text)
	if strings.ContainsAny(next, "'’") || len(next) < 4 {
		return false
	}
	// The compound ending is -sI after a vowel, -I after a consonant; -yI after a vowel is the
	// accusative ("Güneş dünyayı ısıtır"), and -lI makes an adjective ("Türkiye milli takımı").
	last, before := next[len(next)-1], next[len(next)-2]
	return (last == 'i' || last == 'u') && before != 'y' && before != 'l' && (before == 's' || !strings.ContainsRune("aeiou", rune(before)))
}
