import { ApiError, GENERIC_ERROR } from './api-client.ts'

/**
 * Downloads a file the BFF generates (same origin, session cookie), keeping errors readable:
 * a failed answer is `{message}` JSON, which becomes an ApiError instead of a broken file.
 */
export async function downloadFile(url: string, fileName: string, post?: unknown): Promise<void> {
  // What is too long for a URL (a selection's ids) is POSTed as JSON.
  const response = await fetch(
    url,
    post === undefined
      ? { credentials: 'same-origin' }
      : { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json', 'x-csrf': '1' }, body: JSON.stringify(post) },
  )
  if (!response.ok) {
    let message = GENERIC_ERROR
    try {
      const body = (await response.json()) as { message?: unknown }
      if (typeof body.message === 'string') message = body.message
    } catch {
      // Not JSON: keep the generic message.
    }
    throw new ApiError(response.status, message)
  }
  saveBlob(await response.blob(), fileName)
}

/** Hands a generated file to the browser's download, then frees it. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = href
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(href), 10_000)
}
