package loadtest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"sync"
	"time"
)

// ClaimTexts are the claims load sends to the analyse endpoint, numbered so no two are the same.
var ClaimTexts = []string{
	"Vaccines cause autism in children",
	"Aşılar otizme neden olur",
	"5G towers spread the coronavirus",
	"Drinking hot water cures COVID-19",
	"The Great Wall of China is visible from space",
	"Limon suyu kanseri tedavi eder",
	"Climate change is a hoax invented by scientists",
	"Humans only use ten percent of their brains",
}

// Seed stores n claims through Claimcheck's own analyse endpoint and returns their ids.
func Seed(ctx context.Context, base, key string, n int) ([]string, error) {
	var (
		mu   sync.Mutex
		ids  []string
		errs []error
		wg   sync.WaitGroup
	)
	next := make(chan int)
	client := &http.Client{Timeout: 30 * time.Second}
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				body, _ := json.Marshal(map[string]string{"claim": fmt.Sprintf("%s — seed %d", ClaimTexts[i%len(ClaimTexts)], i)})
				req, _ := http.NewRequestWithContext(ctx, http.MethodPost, base+"/functions/v1/quick-responder", bytes.NewReader(body))
				req.Header.Set("apikey", key)
				req.Header.Set("Content-Type", "application/json")
				resp, err := client.Do(req)
				if err != nil {
					mu.Lock()
					errs = append(errs, err)
					mu.Unlock()
					continue
				}
				var got struct {
					ID string `json:"id"`
				}
				raw, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				mu.Lock()
				if resp.StatusCode != http.StatusOK || json.Unmarshal(raw, &got) != nil || got.ID == "" {
					errs = append(errs, fmt.Errorf("seed claim %d: %d %s", i, resp.StatusCode, raw))
				} else {
					ids = append(ids, got.ID)
				}
				mu.Unlock()
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	if len(errs) > 0 {
		return nil, fmt.Errorf("seeding %d claims: %d failed, first: %w", n, len(errs), errs[0])
	}
	return ids, nil
}
