package matching

// A Turkish naming word ("adında", "adlı", "isimli", "denen") after a name makes the noun after
// it the general word for what the name names (claimparts.go reads both away: "Naismith adlı
// öğretmen" is Naismith). Posts as often put the indefinite article between the two, "James
// Naismith adında bir öğretmen" (a teacher named James Naismith), as an English post says "a
// teacher": the article only says the name is one of its kind, so the noun after it is still
// the general word, and left as a part it reads as something the post adds ("the claim also
// says öğretmen").

// namedNounAt is the token holding the general noun after the naming word at i, given n tokens
// and their folded forms: the next token, or the one after the indefinite article "bir" (a
// function word, turkish.IsFunctionWord) there.
func namedNounAt(i, n int, foldedAt func(int) string) int {
	if k := i + 1; k+1 < n && foldedAt(k) == "bir" {
		return k + 1
	}
	return i + 1
}
