# One image for the api, the worker and the migrations (the command picks which): compiled
# JavaScript on Node, production dependencies only, run as the unprivileged `node` user.

# Build: the server compiled by tsc (tsconfig.build.json → dist/) and the web app by vite,
# copied into dist/web/dist where the api serves it from.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build:web && npm run build

# Production dependencies alone (no tsx loader, jest, vite or eslint at runtime).
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev && npm cache clean --force

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production \
    DATA_DIR=/app/data
COPY --from=deps /app/node_modules ./node_modules
COPY package.json ./
COPY --from=build /app/dist ./dist
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# The api's (the default command); compose gives the worker its own (dist/worker/healthcheck.js).
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/api/main.js"]
