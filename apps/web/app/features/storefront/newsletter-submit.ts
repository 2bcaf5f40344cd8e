/**
 * A newsletter sign-up sent (POST /Customer/newsletter): loaded on the form's first submit, so a
 * store's first page load carries the form alone. The server checks the address.
 */
export async function signUp(marketId: string | undefined, email: string): Promise<'done' | 'invalid' | 'failed'> {
  try {
    const response = await fetch('/api/Customer/newsletter', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ marketId, email: email.trim() }),
    });
    return response.ok ? 'done' : response.status === 400 ? 'invalid' : 'failed';
  } catch {
    return 'failed';
  }
}
