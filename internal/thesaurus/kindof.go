package thesaurus

import "strings"

const (
	// kindOfDepth bounds KindOf's hypernym walk: deeper than Relate's hypernymDepth, since a
	// specific word sits several links below the class a fact-check names ("amoxicillin" →
	// penicillin → antibiotic), and still bounded so that a walk does not climb to a class that
	// says nothing of the word.
	kindOfDepth = 5
	// kindOfRank: only the broad word's first senses are reached, as for Relate (englishLimits),
	// and only the narrow word's main sense is walked: a rare sense must not make a word a kind
	// of anything.
	kindOfRank = 2
	// kindOfTranslations: a Turkish word is read through its first translations only, which carry
	// its main sense.
	kindOfTranslations = 3
)

// firstN is at most the first n of list.
func firstN(list []string, n int) []string {
	if len(list) > n {
		return list[:n]
	}
	return list
}

// KindOf reports whether narrow names a kind of what broad names, in language lang ("en" or
// "tr"): a the main noun sense of narrow reaches a main noun sense of broad through at most
// kindOfDepth WordNet hypernym (or instance-hypernym) links, never passing through one of
// WordNet's abstract top levels (wn-general.tsv), and broad's main sense is not such a level
// ("substance", "activity" are never the class). It is one-way: broad is never a kind of narrow,
// and two kinds of one class (tea, coffee) are not kinds of each other. Turkish words are read
// through their first English translations (Translate).
func (t *Thesaurus) KindOf(lang, narrow, broad string) bool {
	narrow, broad = strings.ToLower(strings.TrimSpace(narrow)), strings.ToLower(strings.TrimSpace(broad))
	if narrow == "" || broad == "" || narrow == broad {
		return false
	}
	if lang != "tr" {
		return t.kindOfEN(narrow, broad)
	}
	if !t.trMainNoun(narrow) || !t.trMainNoun(broad) {
		return false
	}
	// The narrow word is read through its first translation, its main sense; the class through
	// its first few, as a dictionary may put a near word first ("et": flesh, meat).
	na, nb := firstN(t.Translate("tr", "en", narrow), 1), firstN(t.Translate("tr", "en", broad), kindOfTranslations)
	for _, a := range na {
		for _, b := range nb {
			if a != b && t.kindOfEN(a, b) {
				return true
			}
		}
	}
	return false
}

// kindOfEN is KindOf of two lower-case English words, over their WordNet lemma candidates.
func (t *Thesaurus) kindOfEN(narrow, broad string) bool {
	cn, cb := t.candidates(narrow), t.candidates(broad)
	for _, x := range cn {
		for _, y := range cb {
			if x == y {
				// One word in two forms is the same word, not a kind of it.
				return false
			}
		}
	}
	for _, x := range cn {
		for _, y := range cb {
			if t.en.kindOf(t.sensesOf(x, 1<<noun), t.sensesOf(y, 1<<noun)) {
				return true
			}
		}
	}
	return false
}

// kindOf walks up from narrow's main senses to broad's main senses (KindOf).
func (g *graph) kindOf(narrow, broad []sense) bool {
	targets := map[int32]bool{}
	for _, b := range broad {
		if b.rank() == 1 && g.isGeneral(b.syn()) {
			return false
		}
		if int(b.rank()) <= kindOfRank && !g.isGeneral(b.syn()) {
			targets[b.syn()] = true
		}
	}
	if len(targets) == 0 {
		return false
	}
	var frontier []int32
	for _, a := range narrow {
		if a.rank() != 1 {
			// Only the narrow word's main sense: "cat" is also slang for a man, which is no
			// kind of person a fact-check about humans speaks of.
			continue
		}
		if targets[a.syn()] {
			// A shared synset is synonymy, which Relate answers.
			return false
		}
		frontier = append(frontier, a.syn())
	}
	return g.reachesFrom(frontier, targets, kindOfDepth, false)
}

// trMainNoun reports a Turkish word that names a thing: not an infinitive, which names an act
// ("yemek", eating, though its dictionary also gives "food"), and, where KeNet has the word, a
// noun in its main sense ("genel" is mainly "general" the adjective, not the officer; "büyük"
// mainly "big", not an adult).
func (t *Thesaurus) trMainNoun(w string) bool {
	if trPOS(w)&verbPOS != 0 {
		return false
	}
	for _, f := range t.trForms(w) {
		if s := t.trSenses.get(f); len(s) > 0 {
			return t.tr.pos(s[0].syn()) == noun
		}
	}
	return true
}

// KindOfModified reports whether the English noun narrow names a kind of what "modifier head"
// names, through a thing WordNet also names with modifier before one of its own names: "jogging"
// is a kind of exercise, which WordNet also calls "physical exercise", and exercise is a kind of
// activity, so a claim about jogging speaks of "physical activity". The walk from narrow is
// KindOf's (its main sense, at most kindOfDepth links, no abstract top level); the modified name
// must be its lemma's main sense; from there the walk up to head's main senses may pass the top
// levels, since head is the fact-check's own word ("activity"), not a class the claim is read
// into: "sleep" is a "physical condition", no activity, and is not taken.
func (t *Thesaurus) KindOfModified(narrow, modifier, head string) bool {
	narrow, modifier = strings.ToLower(strings.TrimSpace(narrow)), strings.ToLower(strings.TrimSpace(modifier))
	if narrow == "" || modifier == "" || strings.Contains(modifier, " ") {
		return false
	}
	heads := map[int32]bool{}
	for _, x := range t.candidates(strings.ToLower(strings.TrimSpace(head))) {
		for _, b := range t.sensesOf(x, 1<<noun) {
			if int(b.rank()) <= kindOfRank {
				heads[b.syn()] = true
			}
		}
	}
	if len(heads) == 0 {
		return false
	}
	// The lemmas "modifier …" whose main sense is a noun, by synset.
	named := map[int32]bool{}
	prefix := modifier + " "
	for i, _ := t.senses.lemmas.find(prefix); i < t.senses.lemmas.len() && strings.HasPrefix(t.senses.lemmas.at(i), prefix); i++ {
		if s := t.senses.senses[t.senses.at[i]:t.senses.at[i+1]]; len(s) > 0 && s[0].rank() == 1 && t.en.pos(s[0].syn()) == noun &&
			(heads[s[0].syn()] || t.en.reaches(s[0].syn(), heads, true)) {
			named[s[0].syn()] = true
		}
	}
	if len(named) == 0 {
		return false
	}
	for _, x := range t.candidates(narrow) {
		for _, a := range t.sensesOf(x, 1<<noun) {
			if a.rank() == 1 && t.en.reaches(a.syn(), named, false) {
				return true
			}
		}
	}
	return false
}

// reaches reports whether a hypernym of synset s within kindOfDepth links, passing through an
// abstract top level only when general allows, is one of targets.
func (g *graph) reaches(s int32, targets map[int32]bool, general bool) bool {
	return g.reachesFrom([]int32{s}, targets, kindOfDepth, general)
}

// reachesFrom reports whether a hypernym of one of the synsets of frontier within depth links,
// passing through an abstract top level only when general allows, is one of targets: the walk
// up WordNet's hypernym links that Relate's isA and KindOf share.
func (g *graph) reachesFrom(frontier []int32, targets map[int32]bool, depth int, general bool) bool {
	seen := map[int32]bool{}
	for ; depth > 0 && len(frontier) > 0; depth-- {
		var next []int32
		for _, f := range frontier {
			for _, h := range g.hyperTo[g.hyperAt[f]:g.hyperAt[f+1]] {
				if seen[h] || g.isGeneral(h) && !general {
					continue
				}
				if targets[h] {
					return true
				}
				seen[h] = true
				next = append(next, h)
			}
		}
		frontier = next
	}
	return false
}
