package matching

import "testing"

// TestPieceObject holds a post's clause that states the fact-check but for one object, and says
// nothing of its own: its similarity counts against the retrieval floor, as the whole post's,
// diluted by the chatter around it, does not (pieceobject.go). A clause that says something in the
// place of the object, or names another subject, is still refused, and so is a post whose other
// clauses name a name or a number or open with a verb (advice, advicecomma.go).
func TestPieceObject(t *testing.T) {
	checkTaken(t, []takenCase{
		{"is MSG bad for you? asking for a friend", "en", "msg-harmful-en"},
		{"So humid and stuffy today, my aunt says it's earthquake weather, hot sticky days bring quakes", "en", "earthquake-weather-tr"},
		// Look-alikes: another object in its place, another subject, a narrower place.
		{"is MSG bad for dogs? asking for a friend", "en", ""},
		{"is MSG bad for the environment? asking for a friend", "en", ""},
		{"is salt bad for you? asking for a friend", "en", ""},
		// The rest of the post is a claim of its own or advice: a name, a verb opening it.
		{"msg is bad for you, avoid it in Chinese takeaways", "en", ""},
		{"msg is bad for you, avoid sugar too", "en", ""},
		{"is MSG bad for you? asking for 3 friends", "en", ""},
		{"there is life on europa, under the ice, NASA basically admitted it", "en", ""},
	})
}
