# Production image: the built web app, the server sources run by tsx, production dependencies only.
# Build: docker build -t creditcheck-sl .   Run: see deploy/compose.yaml and docs/operations.md.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx vite build

FROM node:20-bookworm-slim AS runtime
# A server instance is sized for 1 GB: the heap limit keeps it there through a 100,000-row monthly
# file (decisions/020; without it V8 lets garbage grow to 1.2 GB). Raise both together.
ENV NODE_ENV=production PORT=3000 NODE_OPTIONS=--max-old-space-size=768
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist/web ./dist/web
# The landing page's server render (decisions/018); without it "/" falls back to the app shell.
COPY --from=build /app/dist/web-ssr ./dist/web-ssr
COPY src/server ./src/server
COPY src/shared ./src/shared
COPY tsconfig.json ./
# The audit seal heads (AUDIT_HEAD_FILE) live on a volume here, written by the app's user.
RUN mkdir -p /app/audit && chown node:node /app/audit
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --retries=3 CMD node -e "fetch('http://127.0.0.1:3000/api/ready').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "--import", "tsx", "src/server/main.ts"]
