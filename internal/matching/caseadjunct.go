package matching

// substitutedElsewhere (decide.go) reads the nouns another clause of the post puts in the place of
// the fact-check's, but a Turkish noun in a case (an instrumental, a dative: "havayla temas edince
// kırmızıya döner") is an adjunct, neither core nor modifier, and was never compared: "Damarlarımızdaki
// kan mavidir, suyla temas edince yeşile döner" took the fact-check on blue blood turning red in
// the air through its first clause alone, while its second says the blood turns green in water.

// caseAdjunct reports a noun in an adjunct role that is no place or time, verb, number or aside:
// a complement said with a case ending or a preposition, which a clause may swap for another.
func caseAdjunct(p *part) bool {
	return p.role == roleAdjunct && !p.place && !p.verb && !p.verbLike && p.num == "" && !p.aside && p.ent == nil
}
