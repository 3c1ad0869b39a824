import { type RouteConfig, index, route } from "@react-router/dev/routes";

// Routes are listed explicitly (conventions, "Not to copy": no file-name magic).
export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("courses", "routes/courses.tsx"),
  route("showcase", "routes/showcase.tsx"),
  route("contact", "routes/contact.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
