import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'

// The portal's own Vite configuration (../../vite.config.ts): React Router's plugin and nothing else.
export default defineConfig({
  plugins: [reactRouter()],
})
