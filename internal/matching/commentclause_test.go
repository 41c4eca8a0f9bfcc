package matching

import "testing"

// TestSameClaimCommentClause holds that a clause of its own beside the claim that shares no word
// with the fact-check and is only a comment (an evaluation, what it does to the poster's own) is
// set aside, while a clause with a restriction, a number or a denial, and a claim that differs
// in a part, are still refused.
func TestSameClaimCommentClause(t *testing.T) {
	ix := lexIndex(t,
		review("u:meat", "Eating processed meat increases the risk of bowel cancer.", "en", "dogru"),
		review("u:shave", "Shaving makes hair grow back thicker and darker.", "en", "yanlis"),
		review("u:amazon", "Amazon ormanları dünyadaki oksijenin yüzde 20'sini üretir.", "tr", "yanlis"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"bacon and sausages up your risk of bowel cancer, sad but true", "en", "u:meat", ""},
		{"Amazonlar dünyanın oksijeninin %20'sini üretiyormuş, ciğerlerimiz yanıyor 🔥", "tr", "u:amazon", ""},
		{"bacon and sausages up your risk of stomach cancer, sad but true", "en", "u:meat", "different"},
		{"bacon and sausages up your risk of bowel cancer, but only in my family", "en", "u:meat", "different"},
		{"bacon and sausages up your risk of bowel cancer, totally false", "en", "u:meat", "denied"},
		{"Amazonlar dünyanın oksijeninin %10'unu üretiyormuş, ciğerlerimiz yanıyor 🔥", "tr", "u:amazon", "different"},
		{"Amazonlar dünyanın oksijeninin %20'sini üretiyormuş, bizim ormanlar da", "tr", "u:amazon", "different"},
		{"shaving makes hair grow back curly, happened to my beard lol", "en", "u:shave", "different"},
	})
}

// TestCommentClause holds which clauses read as a comment: a first-person clause or one of
// evaluations alone, never one with a number, a negation, or a word of restriction or addition.
func TestCommentClause(t *testing.T) {
	ix := lexIndex(t)
	r := ix.parseClaim("Amazon ormanları dünyadaki oksijenin yüzde 20'sini üretir.", "tr")
	e := ix.parseClaim("Eating processed meat increases the risk of bowel cancer.", "en")
	for _, c := range []struct {
		text, lang string
		clause     int
		want       bool
	}{
		{"bacon and sausages up your risk of bowel cancer, sad but true", "en", 1, true},
		{"Amazonlar dünyanın oksijeninin %20'sini üretiyormuş, ciğerlerimiz yanıyor 🔥", "tr", 1, true},
		{"mozart dinletince bebekler zeki oluyormuş, biz her gün açıyoruz", "tr", 1, true},
		{"bacon and sausages up your risk of bowel cancer, but only in my family", "en", 1, false},
		{"bacon and sausages up your risk of bowel cancer, not in 1989", "en", 1, false},
		{"cats see the world in black and white, that's why they hunt at night", "en", 1, false},
		{"cats see the world in black and white, dogs too", "en", 1, false},
		{"Amazonlar dünyanın oksijeninin %20'sini üretiyormuş, bizim ormanlar da", "tr", 1, false},
		{"bacon and sausages up your risk of bowel cancer, in mice", "en", 1, false},
		{"bacon and sausages up your risk of bowel cancer, happened to my colon", "en", 1, false},
	} {
		q := ix.parseClaim(c.text, c.lang)
		fc := e
		if c.lang == "tr" {
			fc = r
		}
		if got := ix.commentClause(q, fc, c.clause); got != c.want {
			t.Errorf("%q clause %d: got %v, want %v", c.text, c.clause, got, c.want)
		}
	}
}
