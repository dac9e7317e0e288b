// Error messages of URL upload (fetching a URL on the server: url/info and url/proxy), merged into the
// `errors` namespace. Keep the zh file in step (it is typed from this one).
export const enUrlErrors = {
  urlCredentialsNotAllowed: "URLs containing a user name or password are not accepted",
  urlNotAllowed: "This URL points to a private, loopback, link-local or metadata address, which cannot be fetched",
  urlHostNotFound: "The host {{host}} could not be found",
  urlUnreachable: "Could not connect to {{host}}",
  urlTooManyRedirects: "The URL redirected too many times (more than {{max}})",
  urlFetchFailed: "Failed to fetch the URL content (HTTP status {{status}})",
  urlFetchTimeout: "The URL did not answer within {{seconds}} seconds",
  urlFetchCancelled: "The download was cancelled",
};
