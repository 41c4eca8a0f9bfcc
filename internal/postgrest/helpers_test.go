package postgrest

// claimsTable is the table the API exposes (the real definition lives in the models package).
func claimsTable() *Table {
	return &Table{
		Name: "claims",
		Columns: []Column{
			{Name: "id", Type: UUID},
			{Name: "content", Type: Text},
			{Name: "source_url", Type: Text, Nullable: true},
			{Name: "language", Type: Text},
			{Name: "category", Type: Text},
			{Name: "en_query", Type: Text},
			{Name: "ai_score", Type: Integer},
			{Name: "ai_verdict", Type: Text},
			{Name: "ai_summary", Type: Text},
			{Name: "source_score", Type: Integer},
			{Name: "science_score", Type: Integer},
			{Name: "academic_score", Type: Integer},
			{Name: "public_score", Type: Integer},
			{Name: "created_at", Type: Timestamp},
		},
		Filter: "hidden_at IS NULL",
	}
}
