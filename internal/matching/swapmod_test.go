package matching

import "testing"

// TestSwappedPiece holds another first piece of the fact-check's hyphenated compound ("machine-made",
// "machine made", "home made" for "man-made") refused, and the compound reworded ("human-made",
// "man made", "manmade") still taking the fact-check.
func TestSwappedPiece(t *testing.T) {
	checkTaken(t, []takenCase{
		{"The Great Wall is the only machine-made thing you can see from space", "en", ""},
		{"The Great Wall of China is the only machine made structure visible from space with the naked eye", "en", ""},
		{"The Great Wall is the only home made thing you can see from space with the naked eye", "en", ""},
		{"The Great Wall of China is the only home-made structure visible from space with the naked eye", "en", ""},
		{"The Great Wall is the only human-made thing you can see from space with the naked eye", "en", "great-wall-space-en"},
		{"the great wall is the only man made thing u can see from space with your bare eyes", "en", "great-wall-space-en"},
		{"The Great Wall of China is the only manmade structure visible from space", "en", "great-wall-space-en"},
		{"The Great Wall of China is the only man-made structure visible from space with the naked eye", "en", "great-wall-space-en"},
	})
}
