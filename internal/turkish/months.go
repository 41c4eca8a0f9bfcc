package turkish

// MonthNames are the Turkish month names in order, as dates are written ("29 Ekim 1923"); Go's
// time package knows only the English ones.
var MonthNames = [12]string{"Ocak", "Şubat", "Mart", "Nisan", "Mayıs", "Haziran", "Temmuz", "Ağustos", "Eylül", "Ekim", "Kasım", "Aralık"}
