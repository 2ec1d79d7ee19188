/* collect/s3/s3xml.c: see s3xml.h. */
#include "collect/s3/s3xml.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/tree.h>

#define PARSE_OPTS (XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING)

void s3xml_init(void)
{
	xmlInitParser();
}

static xmlDocPtr parse(const char *xml, size_t n, const char *what, struct err *e)
{
	xmlDocPtr doc;

	if (n > (size_t)0x7fffffff) {
		err_set(e, "%s: XML body too large", what);
		return NULL;
	}
	doc = xmlReadMemory(xml, (int)n, "s3-response.xml", NULL, PARSE_OPTS);
	if (doc == NULL) {
		const xmlError *xe = xmlGetLastError();
		err_set(e, "%s: malformed XML%s%s", what, xe && xe->message ? ": " : "",
			xe && xe->message ? xe->message : "");
		if (e != NULL) /* libxml messages end in a newline */
			e->msg[strcspn(e->msg, "\n")] = '\0';
		return NULL;
	}
	if (doc->intSubset != NULL || xmlDocGetRootElement(doc) == NULL) {
		err_set(e, "%s: XML with a DTD or without a root is refused", what);
		xmlFreeDoc(doc);
		return NULL;
	}
	return doc;
}

static int is(xmlNodePtr n, const char *name)
{
	return n->type == XML_ELEMENT_NODE && strcmp((const char *)n->name, name) == 0;
}

/* text: append the text children of node (no entity expansion) to b. */
static int text(xmlNodePtr node, struct strbuf *b)
{
	for (xmlNodePtr c = node->children; c != NULL; c = c->next)
		if ((c->type == XML_TEXT_NODE || c->type == XML_CDATA_SECTION_NODE) &&
		    c->content != NULL && strbuf_adds(b, (const char *)c->content))
			return -1;
	return strbuf_reserve(b, 0);
}

static void text_to(xmlNodePtr node, char *out, size_t n)
{
	struct strbuf b = {0};

	if (n == 0)
		return;
	out[0] = '\0';
	if (text(node, &b) == 0)
		snprintf(out, n, "%s", strbuf_cstr(&b));
	strbuf_free(&b);
}

static xmlNodePtr child(xmlNodePtr node, const char *name)
{
	for (xmlNodePtr c = node->children; c != NULL; c = c->next)
		if (is(c, name))
			return c;
	return NULL;
}

/* add_text: append the text of node and a NUL to b; its offset into *off. */
static int add_text(xmlNodePtr node, struct strbuf *b, size_t *off)
{
	*off = b->len;
	return text(node, b) || strbuf_addc(b, '\0');
}

/* node_u64: the text of node (may be NULL) as a whole number; 0 when absent or not one. */
static uint64_t node_u64(xmlNodePtr node)
{
	char t[32], *end;
	unsigned long long v;

	if (node == NULL)
		return 0;
	text_to(node, t, sizeof(t));
	v = strtoull(t, &end, 10);
	return end == t || *end != '\0' ? 0 : (uint64_t)v;
}

/* is_true: the text of node is "true". -1 when out of memory. */
static int is_true(xmlNodePtr node)
{
	struct strbuf t = {0};
	int rc = text(node, &t) ? -1 : strcmp(strbuf_cstr(&t), "true") == 0;

	strbuf_free(&t);
	return rc;
}

int s3xml_error(const char *xml, size_t n, char *code, size_t code_n, char *msg, size_t msg_n)
{
	xmlDocPtr doc;
	xmlNodePtr root, c;

	if (code_n)
		code[0] = '\0';
	if (msg_n)
		msg[0] = '\0';
	if (n == 0)
		return -1;
	doc = parse(xml, n, "error", NULL);
	if (doc == NULL)
		return -1;
	root = xmlDocGetRootElement(doc);
	if (!is(root, "Error")) {
		xmlFreeDoc(doc);
		return -1;
	}
	if ((c = child(root, "Code")) != NULL)
		text_to(c, code, code_n);
	if ((c = child(root, "Message")) != NULL)
		text_to(c, msg, msg_n);
	xmlFreeDoc(doc);
	return 0;
}

int s3xml_parse_list(const char *xml, size_t n, struct s3xml_list *l, struct err *e)
{
	xmlDocPtr doc = parse(xml, n, "ListObjectsV2", e);
	xmlNodePtr root;
	size_t tok_off = (size_t)-1;
	int rc = -1;

	l->n_keys = 0;
	l->n_prefixes = 0;
	l->next_token = NULL;
	l->truncated = 0;
	strbuf_reset(&l->text);
	if (doc == NULL)
		return -1;
	root = xmlDocGetRootElement(doc);
	if (!is(root, "ListBucketResult")) {
		err_set(e, "ListObjectsV2: root element is <%s>, not <ListBucketResult>",
			(const char *)root->name);
		goto done;
	}
	for (xmlNodePtr c = root->children; c != NULL; c = c->next) {
		if (is(c, "Contents")) {
			xmlNodePtr k = child(c, "Key");
			if (k == NULL)
				continue;
			if (l->n_keys == l->cap) {
				size_t nc = l->cap ? l->cap * 2 : 256;
				size_t *o = realloc(l->off, nc * sizeof(*o));
				if (o == NULL)
					goto nomem;
				l->off = o;
				const char **kk = realloc(l->keys, nc * sizeof(*kk));
				if (kk == NULL)
					goto nomem;
				l->keys = kk;
				uint64_t *sz = realloc(l->sizes, nc * sizeof(*sz));
				if (sz == NULL)
					goto nomem;
				l->sizes = sz;
				l->cap = nc;
			}
			l->sizes[l->n_keys] = node_u64(child(c, "Size"));
			if (add_text(k, &l->text, &l->off[l->n_keys++]))
				goto nomem;
		} else if (is(c, "CommonPrefixes")) {
			l->n_prefixes++;
		} else if (is(c, "NextContinuationToken")) {
			if (add_text(c, &l->text, &tok_off))
				goto nomem;
		} else if (is(c, "IsTruncated")) {
			if ((l->truncated = is_true(c)) < 0)
				goto nomem;
		}
	}
	for (size_t i = 0; i < l->n_keys; i++)
		l->keys[i] = l->text.p + l->off[i];
	if (tok_off != (size_t)-1 && l->text.p[tok_off] != '\0')
		l->next_token = l->text.p + tok_off;
	if (l->truncated && l->next_token == NULL) {
		err_set(e, "ListObjectsV2: truncated page without NextContinuationToken");
		goto done;
	}
	rc = 0;
	goto done;
nomem:
	err_set(e, "ListObjectsV2: out of memory");
done:
	xmlFreeDoc(doc);
	return rc;
}

int s3xml_parse_uploads(const char *xml, size_t n, struct s3xml_uploads *u, struct err *e)
{
	xmlDocPtr doc = parse(xml, n, "ListMultipartUploads", e);
	xmlNodePtr root;
	size_t km = (size_t)-1, um = (size_t)-1;
	int rc = -1;

	u->n = 0;
	u->next_key_marker = u->next_upload_id_marker = NULL;
	u->truncated = 0;
	strbuf_reset(&u->text);
	if (doc == NULL)
		return -1;
	root = xmlDocGetRootElement(doc);
	if (!is(root, "ListMultipartUploadsResult")) {
		err_set(e,
			"ListMultipartUploads: root element is <%s>, not "
			"<ListMultipartUploadsResult>",
			(const char *)root->name);
		goto done;
	}
	for (xmlNodePtr c = root->children; c != NULL; c = c->next) {
		if (is(c, "Upload")) {
			xmlNodePtr k = child(c, "Key"), id = child(c, "UploadId");
			if (k == NULL || id == NULL) {
				err_set(e,
					"ListMultipartUploads: <Upload> %d without <Key> and "
					"<UploadId>",
					(int)u->n + 1);
				goto done;
			}
			if (u->n == u->cap) {
				size_t nc = u->cap ? u->cap * 2 : 64;
				size_t *o = realloc(u->off, 2 * nc * sizeof(*o));
				if (o == NULL)
					goto nomem;
				u->off = o;
				const char **kk = realloc(u->keys, nc * sizeof(*kk));
				if (kk == NULL)
					goto nomem;
				u->keys = kk;
				const char **ii = realloc(u->upload_ids, nc * sizeof(*ii));
				if (ii == NULL)
					goto nomem;
				u->upload_ids = ii;
				u->cap = nc;
			}
			if (add_text(k, &u->text, &u->off[2 * u->n]) ||
			    add_text(id, &u->text, &u->off[2 * u->n + 1]))
				goto nomem;
			u->n++;
		} else if (is(c, "NextKeyMarker")) {
			if (add_text(c, &u->text, &km))
				goto nomem;
		} else if (is(c, "NextUploadIdMarker")) {
			if (add_text(c, &u->text, &um))
				goto nomem;
		} else if (is(c, "IsTruncated")) {
			if ((u->truncated = is_true(c)) < 0)
				goto nomem;
		}
	}
	for (size_t i = 0; i < u->n; i++) {
		u->keys[i] = u->text.p + u->off[2 * i];
		u->upload_ids[i] = u->text.p + u->off[2 * i + 1];
		if (u->upload_ids[i][0] == '\0') {
			err_set(e, "ListMultipartUploads: empty <UploadId> for key %s", u->keys[i]);
			goto done;
		}
	}
	if (km != (size_t)-1 && u->text.p[km] != '\0')
		u->next_key_marker = u->text.p + km;
	if (um != (size_t)-1 && u->text.p[um] != '\0')
		u->next_upload_id_marker = u->text.p + um;
	if (u->truncated && u->next_key_marker == NULL) {
		err_set(e, "ListMultipartUploads: truncated page without NextKeyMarker");
		goto done;
	}
	rc = 0;
	goto done;
nomem:
	err_set(e, "ListMultipartUploads: out of memory");
done:
	xmlFreeDoc(doc);
	return rc;
}

void s3xml_uploads_free(struct s3xml_uploads *u)
{
	free(u->keys);
	free(u->upload_ids);
	free(u->off);
	strbuf_free(&u->text);
	memset(u, 0, sizeof(*u));
}

/* versions_grow: room for one more entry in v; -1 when out of memory. */
static int versions_grow(struct s3xml_versions *v)
{
	size_t nc = v->cap ? v->cap * 2 : 256;
	size_t *o;
	const char **kk, **ii;
	unsigned char *mm;

	if (v->n < v->cap)
		return 0;
	if ((o = realloc(v->off, 2 * nc * sizeof(*o))) == NULL)
		return -1;
	v->off = o;
	if ((kk = realloc(v->keys, nc * sizeof(*kk))) == NULL)
		return -1;
	v->keys = kk;
	if ((ii = realloc(v->version_ids, nc * sizeof(*ii))) == NULL)
		return -1;
	v->version_ids = ii;
	if ((mm = realloc(v->is_marker, nc)) == NULL)
		return -1;
	v->is_marker = mm;
	v->cap = nc;
	return 0;
}

/* versions_entry: a <Version> or <DeleteMarker> c into v; 1 when it is neither, 0, or -1
 * with a message. */
static int versions_entry(xmlNodePtr c, struct s3xml_versions *v, struct err *e)
{
	int marker = is(c, "DeleteMarker");
	xmlNodePtr k, id;

	if (!marker && !is(c, "Version"))
		return 1;
	k = child(c, "Key");
	id = child(c, "VersionId");
	if (k == NULL || id == NULL)
		return err_set(e, "ListObjectVersions: entry %zu without <Key> and <VersionId>",
			       v->n + 1);
	if (versions_grow(v) < 0 || add_text(k, &v->text, &v->off[2 * v->n]) ||
	    add_text(id, &v->text, &v->off[2 * v->n + 1]))
		return err_set(e, "ListObjectVersions: out of memory");
	v->is_marker[v->n++] = (unsigned char)marker;
	return 0;
}

int s3xml_parse_versions(const char *xml, size_t n, struct s3xml_versions *v, struct err *e)
{
	xmlDocPtr doc = parse(xml, n, "ListObjectVersions", e);
	xmlNodePtr root;
	size_t km = (size_t)-1, vm = (size_t)-1;
	int rc = -1;

	v->n = 0;
	v->next_key_marker = v->next_version_id_marker = NULL;
	v->truncated = 0;
	strbuf_reset(&v->text);
	if (doc == NULL)
		return -1;
	root = xmlDocGetRootElement(doc);
	if (!is(root, "ListVersionsResult")) {
		err_set(e, "ListObjectVersions: root element is <%s>, not <ListVersionsResult>",
			(const char *)root->name);
		goto done;
	}
	for (xmlNodePtr c = root->children; c != NULL; c = c->next) {
		int r = versions_entry(c, v, e);
		if (r < 0)
			goto done;
		if (r == 0)
			continue;
		if ((is(c, "NextKeyMarker") && add_text(c, &v->text, &km)) ||
		    (is(c, "NextVersionIdMarker") && add_text(c, &v->text, &vm)) ||
		    (is(c, "IsTruncated") && (v->truncated = is_true(c)) < 0)) {
			err_set(e, "ListObjectVersions: out of memory");
			goto done;
		}
	}
	for (size_t i = 0; i < v->n; i++) {
		v->keys[i] = v->text.p + v->off[2 * i];
		v->version_ids[i] = v->text.p + v->off[2 * i + 1];
	}
	if (km != (size_t)-1 && v->text.p[km] != '\0')
		v->next_key_marker = v->text.p + km;
	if (vm != (size_t)-1 && v->text.p[vm] != '\0')
		v->next_version_id_marker = v->text.p + vm;
	if (v->truncated && v->next_key_marker == NULL) {
		err_set(e, "ListObjectVersions: truncated page without NextKeyMarker");
		goto done;
	}
	rc = 0;
done:
	xmlFreeDoc(doc);
	return rc;
}

void s3xml_versions_free(struct s3xml_versions *v)
{
	free(v->keys);
	free(v->version_ids);
	free(v->is_marker);
	free(v->off);
	strbuf_free(&v->text);
	memset(v, 0, sizeof(*v));
}

int s3xml_parse_versioning(const char *xml, size_t n, int *status, struct err *e)
{
	xmlDocPtr doc = parse(xml, n, "GetBucketVersioning", e);
	xmlNodePtr root, c;
	char st[32] = "";
	int rc = -1;

	*status = 0;
	if (doc == NULL)
		return -1;
	root = xmlDocGetRootElement(doc);
	if (!is(root, "VersioningConfiguration")) {
		err_set(e, "GetBucketVersioning: root element is <%s>", (const char *)root->name);
		goto done;
	}
	if ((c = child(root, "Status")) != NULL)
		text_to(c, st, sizeof(st));
	if (st[0] != '\0' && strcmp(st, "Enabled") != 0 && strcmp(st, "Suspended") != 0) {
		err_set(e, "GetBucketVersioning: Status '%s' is not Enabled or Suspended", st);
		goto done;
	}
	*status = st[0] == '\0' ? 0 : st[0] == 'E' ? 1 : 2;
	rc = 0;
done:
	xmlFreeDoc(doc);
	return rc;
}

int s3xml_parse_object_lock(const char *xml, size_t n, int *enabled, char *mode, size_t mode_n,
			    int *days, struct err *e)
{
	xmlDocPtr doc = parse(xml, n, "GetObjectLockConfiguration", e);
	xmlNodePtr root, c, rule, dr;
	char v[32] = "";
	int rc = -1;

	*enabled = 0;
	*days = 0;
	if (mode_n)
		mode[0] = '\0';
	if (doc == NULL)
		return -1;
	root = xmlDocGetRootElement(doc);
	if (!is(root, "ObjectLockConfiguration")) {
		err_set(e, "GetObjectLockConfiguration: root element is <%s>",
			(const char *)root->name);
		goto done;
	}
	if ((c = child(root, "ObjectLockEnabled")) != NULL) {
		text_to(c, v, sizeof(v));
		*enabled = strcmp(v, "Enabled") == 0;
	}
	rule = child(root, "Rule");
	dr = rule ? child(rule, "DefaultRetention") : NULL;
	if (dr != NULL && (c = child(dr, "Mode")) != NULL)
		text_to(c, mode, mode_n);
	if (dr != NULL && (c = child(dr, "Days")) != NULL) {
		text_to(c, v, sizeof(v));
		*days = atoi(v);
	} else if (dr != NULL && (c = child(dr, "Years")) != NULL) {
		text_to(c, v, sizeof(v));
		*days = atoi(v) * 365;
	}
	rc = 0;
done:
	xmlFreeDoc(doc);
	return rc;
}

void s3xml_list_free(struct s3xml_list *l)
{
	free(l->keys);
	free(l->sizes);
	free(l->off);
	strbuf_free(&l->text);
	memset(l, 0, sizeof(*l));
}

int s3xml_parse_upload_id(const char *xml, size_t n, char *out, size_t out_n, struct err *e)
{
	xmlDocPtr doc = parse(xml, n, "CreateMultipartUpload", e);
	xmlNodePtr root, c;
	int rc = -1;

	if (doc == NULL)
		return -1;
	root = xmlDocGetRootElement(doc);
	c = is(root, "InitiateMultipartUploadResult") ? child(root, "UploadId") : NULL;
	if (c == NULL) {
		err_set(e, "CreateMultipartUpload: no <UploadId> in <%s>",
			(const char *)root->name);
		goto done;
	}
	text_to(c, out, out_n);
	if (out[0] == '\0' || strlen(out) + 1 >= out_n) {
		err_set(e, "CreateMultipartUpload: empty or too long <UploadId>");
		goto done;
	}
	rc = 0;
done:
	xmlFreeDoc(doc);
	return rc;
}

int s3xml_parse_complete(const char *xml, size_t n, char *etag, size_t etag_n, struct err *e)
{
	xmlDocPtr doc = parse(xml, n, "CompleteMultipartUpload", e);
	xmlNodePtr root, c;
	int rc = -1;

	if (etag_n)
		etag[0] = '\0';
	if (doc == NULL)
		return -1;
	root = xmlDocGetRootElement(doc);
	if (is(root, "Error")) {
		char code[64] = "", msg[256] = "";
		if ((c = child(root, "Code")) != NULL)
			text_to(c, code, sizeof(code));
		if ((c = child(root, "Message")) != NULL)
			text_to(c, msg, sizeof(msg));
		err_set(e, "CompleteMultipartUpload: %s: %s", code, msg);
		goto done;
	}
	if (!is(root, "CompleteMultipartUploadResult")) {
		err_set(e, "CompleteMultipartUpload: unexpected <%s>", (const char *)root->name);
		goto done;
	}
	if ((c = child(root, "ETag")) != NULL)
		text_to(c, etag, etag_n);
	rc = 0;
done:
	xmlFreeDoc(doc);
	return rc;
}

int s3xml_parse_delete(const char *xml, size_t n, uint64_t *deleted, uint64_t *errors, char *first,
		       size_t first_n, struct err *e)
{
	xmlDocPtr doc = parse(xml, n, "DeleteObjects", e);
	xmlNodePtr root;
	int rc = -1;

	*deleted = 0;
	*errors = 0;
	if (first_n)
		first[0] = '\0';
	if (doc == NULL)
		return -1;
	root = xmlDocGetRootElement(doc);
	if (!is(root, "DeleteResult")) {
		err_set(e, "DeleteObjects: unexpected <%s>", (const char *)root->name);
		goto done;
	}
	for (xmlNodePtr c = root->children; c != NULL; c = c->next) {
		if (is(c, "Deleted")) {
			(*deleted)++;
		} else if (is(c, "Error")) {
			if (*errors == 0 && first_n) {
				char key[256] = "", code[64] = "", msg[256] = "";
				xmlNodePtr x;
				if ((x = child(c, "Key")) != NULL)
					text_to(x, key, sizeof(key));
				if ((x = child(c, "Code")) != NULL)
					text_to(x, code, sizeof(code));
				if ((x = child(c, "Message")) != NULL)
					text_to(x, msg, sizeof(msg));
				snprintf(first, first_n, "%s: %s: %s", key, code, msg);
			}
			(*errors)++;
		}
	}
	rc = 0;
done:
	xmlFreeDoc(doc);
	return rc;
}

/* dump: serialise doc into out. */
static int dump(xmlDocPtr doc, struct strbuf *out, const char *what, struct err *e)
{
	xmlChar *mem = NULL;
	int len = 0, rc;

	xmlDocDumpMemoryEnc(doc, &mem, &len, "UTF-8");
	if (mem == NULL)
		return err_set(e, "%s: cannot serialise XML", what);
	strbuf_reset(out);
	rc = strbuf_add(out, (const char *)mem, (size_t)len);
	xmlFree(mem);
	return rc ? err_set(e, "%s: out of memory", what) : 0;
}

/* new_request_doc: a document whose root element `name` carries S3's namespace; NULL
 * (nothing to free) when out of memory. */
static xmlDocPtr new_request_doc(const char *name, xmlNodePtr *root)
{
	xmlDocPtr doc = xmlNewDoc(BAD_CAST "1.0");

	if (doc == NULL)
		return NULL;
	*root = xmlNewDocNode(doc, NULL, BAD_CAST name, NULL);
	if (*root == NULL) {
		xmlFreeDoc(doc);
		return NULL;
	}
	xmlDocSetRootElement(doc, *root);
	if (xmlNewProp(*root, BAD_CAST "xmlns",
		       BAD_CAST "http://s3.amazonaws.com/doc/2006-03-01/") == NULL) {
		xmlFreeDoc(doc);
		return NULL;
	}
	return doc;
}

int s3xml_build_delete(struct strbuf *out, const char *const *keys, const char *const *version_ids,
		       size_t n, int quiet, struct err *e)
{
	xmlNodePtr root;
	xmlDocPtr doc = new_request_doc("Delete", &root);
	int rc = -1;

	if (doc == NULL)
		return err_set(e, "DeleteObjects: out of memory");
	if (quiet && xmlNewTextChild(root, NULL, BAD_CAST "Quiet", BAD_CAST "true") == NULL)
		goto nomem;
	for (size_t i = 0; i < n; i++) {
		xmlNodePtr o = xmlNewChild(root, NULL, BAD_CAST "Object", NULL);
		if (o == NULL || xmlNewTextChild(o, NULL, BAD_CAST "Key", BAD_CAST keys[i]) == NULL)
			goto nomem;
		if (version_ids != NULL && version_ids[i] != NULL &&
		    xmlNewTextChild(o, NULL, BAD_CAST "VersionId", BAD_CAST version_ids[i]) == NULL)
			goto nomem;
	}
	rc = dump(doc, out, "DeleteObjects", e);
	goto done;
nomem:
	err_set(e, "DeleteObjects: out of memory");
done:
	xmlFreeDoc(doc);
	return rc;
}

int s3xml_build_create_bucket(struct strbuf *out, const char *region, struct err *e)
{
	xmlNodePtr root;
	xmlDocPtr doc = new_request_doc("CreateBucketConfiguration", &root);
	int rc;

	if (doc == NULL ||
	    xmlNewTextChild(root, NULL, BAD_CAST "LocationConstraint", BAD_CAST region) == NULL) {
		xmlFreeDoc(doc);
		return err_set(e, "CreateBucket: out of memory");
	}
	rc = dump(doc, out, "CreateBucket", e);
	xmlFreeDoc(doc);
	return rc;
}

int s3xml_build_complete(struct strbuf *out, const char *const *etags, const char *const *checksums,
			 const char *alg, size_t n, struct err *e)
{
	char elem[40];
	xmlNodePtr root;
	xmlDocPtr doc = new_request_doc("CompleteMultipartUpload", &root);
	char num[24];
	int rc = -1;

	if (doc == NULL)
		return err_set(e, "CompleteMultipartUpload: out of memory");
	for (size_t i = 0; i < n; i++) {
		xmlNodePtr p = xmlNewChild(root, NULL, BAD_CAST "Part", NULL);
		snprintf(num, sizeof(num), "%zu", i + 1);
		if (p == NULL ||
		    xmlNewTextChild(p, NULL, BAD_CAST "PartNumber", BAD_CAST num) == NULL ||
		    xmlNewTextChild(p, NULL, BAD_CAST "ETag", BAD_CAST etags[i]) == NULL)
			goto nomem;
		snprintf(elem, sizeof(elem), "Checksum%s", alg ? alg : "");
		if (checksums != NULL && alg != NULL && checksums[i] != NULL &&
		    xmlNewTextChild(p, NULL, BAD_CAST elem, BAD_CAST checksums[i]) == NULL)
			goto nomem;
	}
	rc = dump(doc, out, "CompleteMultipartUpload", e);
	goto done;
nomem:
	err_set(e, "CompleteMultipartUpload: out of memory");
done:
	xmlFreeDoc(doc);
	return rc;
}
