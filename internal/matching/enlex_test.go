package matching

import "testing"

// TestSameClaimDerivedAlike holds that an English post may say the fact-check's quality with a
// word WordNet relates to it through a derived form and alike adjectives (enlex.go): "freezing"
// for "cold", "see" for "visible", "mad" for "enraged"; while another sense, a sibling, another
// value of the same attribute or the opposite is still refused.
func TestSameClaimDerivedAlike(t *testing.T) {
	ix := lexIndex(t,
		review("u:alcohol", "Drinking alcohol keeps you warm in the cold.", "en", "yanlis"),
		review("u:wall", "The Great Wall of China is the only man-made structure visible from space with the naked eye.", "en", "yanlis"),
		review("u:bulls", "Bulls are enraged by the colour red.", "en", "yanlis"),
	)
	checkSameClaims(t, ix, []sameCase{
		{"A shot of whisky will keep you warm when it's freezing outside", "en", "u:alcohol", ""},
		{"a shot of vodka will warm you right up when it's freezing outside", "en", "u:alcohol", ""},
		{"A shot of whisky will keep you warm when it's raining outside", "en", "u:alcohol", "different"},
		{"A shot of whisky will keep you warm when it's windy outside", "en", "u:alcohol", "different"},
		{"A shot of whisky will keep you warm when it's hot outside", "en", "u:alcohol", "different"},
		{"The Great Wall is the only man-made thing you can see from space with the naked eye", "en", "u:wall", ""},
		{"The Great Wall is the only man-made thing you can hear from space with the naked eye", "en", "u:wall", "different"},
		{"The Great Wall is the only man-made thing you can smell from space with the naked eye", "en", "u:wall", "different"},
		{"bulls go mad when they see the colour red", "en", "u:bulls", ""},
		{"bulls go mad when they see the colour blue", "en", "u:bulls", "different"},
		{"bulls go calm when they see the colour red", "en", "u:bulls", "different"},
	})
}
