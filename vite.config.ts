import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'

// The #app/*, #api/* and #domain/* imports resolve from package.json's `imports`, which Vite reads itself.
export default defineConfig({
  plugins: [reactRouter()],
})
