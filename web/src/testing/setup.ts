import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// The suite shares two cores with a real browser in CI: give async queries room.
configure({ asyncUtilTimeout: 5000 })

afterEach(() => {
  cleanup()
  sessionStorage.clear()
})
