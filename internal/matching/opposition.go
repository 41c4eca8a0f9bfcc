package matching

import "strings"

// Oppositions catch look-alikes that keep a claim's words but turn its direction: "higher" for
// "lower", "prevents" for "causes", "damages" for "improves", "first" for "last", "önemsiz" for
// "önemli". Each group has two sides, and each text counts its words on each side. The texts
// conflict when one has more words on one side and the other more on the other side: "yüksek
// rakımda daha yüksek sıcaklıkta" (two high) against "yüksek rakımda daha düşük sıcaklıkta" (one
// high, one low). A review that uses both words of a pair ("at high altitude … lower") thus only
// conflicts with a claim that swaps one of them, not with one that repeats its "high".

// oppGroup is one opposition: words are folded; a trailing "*" matches any continuation (Turkish
// inflection, English -s/-ed/-ing), otherwise the word must match exactly.
type oppGroup struct {
	name string
	a, b []string
}

// oppGroups are the oppositions, in Turkish (folded) and English.
var oppGroups = []oppGroup{
	{"more/less",
		[]string{"high", "higher", "highest", "rais*", "rise", "rises", "rising", "increas*", "more", "greater", "boost*",
			"yuksel*", "yuksek*", "artir*", "artar", "artis*", "arttir*", "fazla*", "cogal*"},
		[]string{"low", "lower", "lowest", "reduc*", "decreas*", "less", "fewer", "lessen*", "dusur*", "dusuk*", "azal*",
			"az", "eksil*", "alcak*"}},
	{"causes/prevents",
		[]string{"caus*", "lead", "leads", "trigger*", "give", "gives", "gave", "given", "neden", "sebep*", "sebeb*",
			"yakalandir*", "tetikle*", "yapar", "yapiyor", "yapmaktadir"},
		[]string{"prevent*", "protect*", "stop", "stops", "cure", "cures", "cured", "treat", "treats", "heal*", "onle*",
			"onler", "koru*", "engel*", "tedavi*", "iyilestir*"}},
	{"improves/damages",
		[]string{"improv*", "strengthen*", "enhanc*", "better", "guclendir*", "gelistir*", "iyilestir*"},
		[]string{"damag*", "harm", "harms", "ruin*", "weaken*", "hurt*", "worsen*", "bozar", "bozu*", "bozm*", "zarar",
			"zayiflat*", "kotulestir*"}},
	{"first/last", []string{"first", "ilk", "birinci*"}, []string{"last", "son", "sonuncu*"}},
	{"largest/smallest", []string{"largest", "biggest", "larger", "bigger", "buyuk*"}, []string{"smallest", "tiniest", "smaller", "kucuk*"}},
	{"most/least", []string{"most", "cogu", "cogunu"}, []string{"least"}},
	{"safe/harmful",
		[]string{"safe", "harmless", "beneficial", "healthy", "guvenli*", "zararsiz*", "faydali*", "yararli*", "saglikli*"},
		[]string{"dangerous", "harmful", "unsafe", "unhealthy", "tehlikeli*", "zararli*", "sagliksiz*"}},
	{"hot/cold", []string{"hot", "warm*", "heat*", "isit*", "isin*"}, []string{"cold", "cool*", "freez*", "sogut*", "usut*"}},
	{"wins/loses", []string{"win", "wins", "won", "kazan*"}, []string{"lose", "loses", "lost", "kaybet*"}},
	{"fast/slow", []string{"fast", "faster", "quick*", "hizli*"}, []string{"slow*", "yavas*"}},
}

// oppPhrases are Turkish light-verb phrases on a side of a group, which neither of their words is
// alone: "yol açar" (leads to) causes as "neden olur" does, while "yol" is a road and "açar"
// opens. Each is the folded noun and the stem its verb starts with.
var oppPhrases = []struct {
	noun, verb string
	hit        oppHit
}{
	{"yol", "ac", oppHit{group: "causes/prevents", side: 'a'}},
}

// phraseOpposition is the side the Turkish phrase of the folded words noun and verb takes.
func phraseOpposition(noun, verb string) (oppHit, bool) {
	for _, p := range oppPhrases {
		if noun == p.noun && strings.HasPrefix(verb, p.verb) {
			h := p.hit
			h.word = noun + " " + verb
			return h, true
		}
	}
	return oppHit{}, false
}

// oppHit is one word placing a text on a side of a group.
type oppHit struct {
	group string
	side  byte // 'a' or 'b'
	word  string
}

// oppIndex maps exact words and prefixes to their groups and sides.
var oppExact, oppPrefix = func() (map[string][]oppHit, map[string][]oppHit) {
	exact, prefix := map[string][]oppHit{}, map[string][]oppHit{}
	for _, g := range oppGroups {
		for side, words := range map[byte][]string{'a': g.a, 'b': g.b} {
			for _, w := range words {
				h := oppHit{group: g.name, side: side}
				if p, ok := strings.CutSuffix(w, "*"); ok {
					prefix[p] = append(prefix[p], h)
				} else {
					exact[w] = append(exact[w], h)
				}
			}
		}
	}
	return exact, prefix
}()

// oppositionsOf lists the sides a folded word (with its stem) takes.
func oppositionsOf(folded, stem string) []oppHit {
	var out []oppHit
	for _, h := range oppExact[folded] {
		h.word = folded
		out = append(out, h)
	}
	for i := len(folded); i >= 2; i-- {
		for _, h := range oppPrefix[folded[:i]] {
			h.word = folded
			out = append(out, h)
		}
	}
	// The Turkish privative: "önemsiz" (without importance) against "önemli" or "önem".
	if root, _, ok := privativeRoot(folded); ok {
		out = append(out, oppHit{group: "privative:" + root, side: 'b', word: folded})
	} else if len(stem) >= minStem {
		out = append(out, oppHit{group: "privative:" + stem, side: 'a', word: folded})
	}
	return out
}

// privativeRoot returns the stem of a folded word built with -sIz ("onemsiz" → "onem",
// "sekersizdir" → "seker"; three letters or more) and the word up to and with -sIz, without the
// endings after it ("sonsuzdur" → "sonsuz").
func privativeRoot(folded string) (root, word string, ok bool) {
	for _, suf := range []string{"siz", "suz"} {
		i := strings.LastIndex(folded, suf)
		if i < minStem {
			continue
		}
		rest := folded[i+len(suf):]
		if h := folded[:i]; strings.HasSuffix(h, "mi") || strings.HasSuffix(h, "mu") {
			// "kullanıyormuşuz", "gelmişiz": the evidential -mIş with the ending of "we", not -sIz.
			continue
		}
		// Endings after -sIz are inflection only when the word stems to its privative form
		// ("gereksizdir", "sonsuzdur": the copula); a stand-in stem without a vowel strips
		// nothing, so the word itself is stemmed.
		if rest == "" || trStem("xxx"+rest) == "xxx" || trStem(folded) == folded[:i+len(suf)] {
			return trStem(folded[:i]), folded[:i+len(suf)], true
		}
	}
	return "", "", false
}

// opposed reports a group where one text uses more words of one side and the other more words of
// the other side, and names the words. Counting sides rather than words lets a Turkish claim be
// compared with an English review.
func opposed(q, r []oppHit) (string, bool) {
	type sides struct {
		a, b   int
		aw, bw string
	}
	count := func(hs []oppHit) map[string]*sides {
		m := map[string]*sides{}
		for _, h := range hs {
			s := m[h.group]
			if s == nil {
				s = &sides{}
				m[h.group] = s
			}
			if h.side == 'a' {
				s.a++
				s.aw = h.word
			} else {
				s.b++
				s.bw = h.word
			}
		}
		return m
	}
	qc, rc := count(q), count(r)
	for _, h := range q {
		g := h.group
		qs, rs := qc[g], rc[g]
		if rs == nil {
			continue
		}
		name := g
		if strings.HasPrefix(name, "privative:") {
			name = "with/without"
		}
		switch {
		case qs.a > rs.a && rs.b > qs.b:
			return name + ": the claim says " + qs.aw + ", the fact-check " + rs.bw, true
		case qs.b > rs.b && rs.a > qs.a:
			return name + ": the claim says " + qs.bw + ", the fact-check " + rs.aw, true
		}
	}
	return "", false
}
