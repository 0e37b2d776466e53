import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// The suite shares two cores with a real browser in CI: give async queries room.
configure({ asyncUtilTimeout: 5000 })

afterEach(() => {
  cleanup()
  sessionStorage.clear()
})

// jsdom has no pointer capture; Radix's toast asks for it on pointerup (its swipe-to-dismiss),
// which a click on a toast's button sends. Browsers have it: give jsdom the same no-op shape.
if (!Element.prototype.hasPointerCapture) {
  Element.prototype.hasPointerCapture = () => false
  Element.prototype.setPointerCapture = () => {}
  Element.prototype.releasePointerCapture = () => {}
}
