package matching

import "strings"

// Turkish names a thing and then the class it belongs to in one compound: "basket topu oyunu"
// (the game of basketball), "futbol oyunu", "tenis sporu". The class noun, with the compound
// ending, only says what the thing named before it is; English names the thing alone
// ("basketball"), so the class noun aligns with nothing and reads as something the Turkish
// claim adds ("the claim also says oyununu"). restatedKind (crosscompound.go) reads the English
// side of the same shape ("'black box' flight recorder"); trRestatedKinds reads the Turkish one:
// a noun with the compound ending right after a word the English claim states, when WordNet
// names that word a kind of the noun's translation (KindOf: basketball is a game, and not a
// ball, so "basketbol topu", the ball, is still another thing).

// trRestatedKinds is trRestatedKind on the Turkish claim of a cross-language pair.
func (ix *decision) trRestatedKinds(q *claimParts, qa sideAlign, r *claimParts, ra sideAlign) {
	if t, ta, e, _, ok := crossSides(q, qa, r, ra, "tr"); ok && ix.lex != nil {
		ix.trRestatedKind(t, ta, e)
	}
}

// trRestatedKind links, in Turkish claim t, an unlinked noun with the compound ending right
// after a part linked to a word of English claim e that WordNet calls a kind of one of the
// first translations of the noun's stem (a lemma candidate the ending follows): it is linked
// to that same word.
func (ix *decision) trRestatedKind(t *claimParts, ta sideAlign, e *claimParts) {
	kl, ok := ix.lex.(kindLexicon)
	if !ok {
		return
	}
	for h := 1; h < len(t.parts); h++ {
		o, prev := &t.parts[h], &t.parts[h-1]
		if ta.links[h] != unlinked || ta.links[h-1] != linked || o.num != "" || prev.num != "" || o.ent != nil ||
			o.verb || o.verbLike || o.aside || o.clause != prev.clause || !wordsAdjacent(t.read, prev.text, o.text) {
			continue
		}
		with := ta.with[h-1]
		kind := false
		for _, l := range o.lemmas {
			if len(l) < 3 || !compoundEnding(o.folded, l) {
				continue
			}
			for _, c := range firstN(ix.relations.translate(ix.lex, "tr", "en", l), 3) {
				for _, f := range firstN(e.parts[with].dict, 2) {
					kind = kind || kl.KindOf("en", f, c)
				}
			}
		}
		if kind {
			ta.links[h], ta.with[h] = linked, with
		}
	}
}

// compoundEnding reports a folded Turkish noun written as its stem d with the
// third-person compound ending -(s)I(n) after it, and any case ending after that ("oyunu",
// "oyununu", "sporunda").
func compoundEnding(folded, d string) bool {
	rest, ok := strings.CutPrefix(folded, d)
	if !ok {
		return false
	}
	rest = strings.TrimPrefix(rest, "s")
	return strings.HasPrefix(rest, "i") || strings.HasPrefix(rest, "u")
}
