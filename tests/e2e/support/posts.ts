// Posts for the browser tests, written through the API as an ImageKit client and the write page do:
// an upload token, the file to the upload endpoint, then POST /backend/posts with a bearer token.
//
//   const { token } = await signInByApi(request, account);
//   const url = await uploadPicture(request, token, { name: "photo.jpg", mimeType: "image/jpeg", buffer });
//   const post = await createPost(request, token, { title, content: `<img src="${url}" alt="…">` });
import type { APIRequestContext } from "@playwright/test";
import { expect } from "./fixtures.ts";
import type { ImageFile } from "./accounts.ts";

/** Uploads a picture (or a video) as `token`'s user; returns the address the upload answers. */
export async function uploadPicture(request: APIRequestContext, token: string, file: ImageFile): Promise<string> {
  const authorization = { Authorization: `Bearer ${token}` };
  const authRes = await request.get("/backend/posts/upload-auth", { headers: authorization });
  expect(authRes.status(), "GET /backend/posts/upload-auth").toBe(200);
  const auth = (await authRes.json()) as { token: string; expire: number; signature: string };
  // (the bearer token also tells the server this is no cross-site form post carrying the session cookie)
  const res = await request.post("/backend/api/v1/files/upload", {
    headers: authorization,
    multipart: {
      file,
      fileName: file.name,
      token: auth.token,
      expire: String(auth.expire),
      signature: auth.signature,
    },
  });
  expect(res.status(), `upload of ${file.name}: ${await res.text()}`).toBe(200);
  return ((await res.json()) as { url: string }).url;
}

export interface NewPost {
  title: string;
  content: string;
  img?: string;
  desc?: string;
  category?: string[];
}

/** Writes a post as `token`'s user (POST /backend/posts); returns its id and slug. */
export async function createPost(
  request: APIRequestContext,
  token: string,
  post: NewPost,
): Promise<{ _id: string; slug: string }> {
  const res = await request.post("/backend/posts", {
    headers: { Authorization: `Bearer ${token}` },
    data: { img: "", desc: "", category: [], ...post },
  });
  expect(res.status(), `POST /backend/posts: ${await res.text()}`).toBe(201);
  return (await res.json()) as { _id: string; slug: string };
}
