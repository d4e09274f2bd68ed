# One image for the api and the worker (the command picks which).
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
RUN npm ci --include=dev
COPY . .
RUN npx vite build --config web/vite.config.mts
EXPOSE 3000
CMD ["npx", "tsx", "api/main.ts"]
